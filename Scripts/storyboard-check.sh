#!/usr/bin/env bash
# The storyboard in a real browser (issue 17): renders `flowrun --explore --format html` for every
# example flow in headless Chromium, checks every path and locale through the DOM, and compares a
# few screenshots with the golden images in Scripts/storyboard/golden (tolerance in check.py).
#
#   Scripts/storyboard-check.sh            # check (builds flowrun if needed)
#   Scripts/storyboard-check.sh --update   # rewrite the golden images from this machine
#
# Installs Debian's chromium, the pinned fonts (and python3, for the checker) when missing (as root, like CI):
# Liberation Sans (fonts-liberation: metric-compatible with Arial, the font the page names first and
# whose advance widths the alert layout is estimated with, so the page draws text at the estimated
# widths), WenQuanYi Zen Hei (CJK, one em per character as the estimate assumes), Noto Color Emoji, and
# DejaVu Sans (fontconfig's default for anything else). The goldens were made with exactly these; other
# fonts change the glyphs and fail the comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

packages=(chromium fonts-dejavu-core fonts-liberation fonts-wqy-zenhei fonts-noto-color-emoji)
command -v python3 >/dev/null || packages+=(python3)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    if [[ $(id -u) -ne 0 ]]; then
        echo "storyboard-check: missing Debian packages: ${missing[*]} (run as root to install them)" >&2
        exit 1
    fi
    echo "== installing ${missing[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

bin=$(swift build --show-bin-path)
[[ -x "$bin/flowrun" ]] || swift build --product flowrun >/dev/null
exec python3 Scripts/storyboard/check.py --flowrun "$bin/flowrun" "$@"
