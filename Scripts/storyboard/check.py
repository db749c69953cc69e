#!/usr/bin/env python3
"""Renders the storyboard of every example flow in headless Chromium and checks it through the DOM:
every explored path is on the page (the same paths `flowrun --explore --format json` lists), every
locale is switchable with the page's own buttons and shows one strip per path, no screen is empty,
and nothing spills out of its box: no text is cut (alert button labels included: the page's font has
the width estimate's metrics, so what the estimate says fits, fits), and every graph edge label lies on
its card; a flow with experiments shows one column per variant, side by side (headings and rows at one
height, columns left to right). Then compares a screenshot of a few pages with golden images (see
GOLDEN and TOLERANCE).

    check.py --flowrun PATH [--update] [--keep DIR]

--update rewrites the golden images from this machine; --keep keeps the pages and screenshots.
Standard library only.
"""

import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GOLDEN_DIR = os.path.join(ROOT, "Scripts", "storyboard", "golden")
# Pages kept as screenshots: the seed shown in the README, two CJK ones (their fonts differ most
# between machines; one has an emoji in a title), the deepest graph, and three experiment variants
# side by side. The DOM checks cover every flow; a screenshot per flow would double the check's
# time for little more.
GOLDEN = ["seed_pl_camera_priming", "seed_zh_hans_camera_priming", "seed_zh_hant_camera_photos_tuple",
          "location_always_upgrade", "notifications_prime_three_ways"]
WINDOW = (1200, 1400)
# A pixel differs when a channel moves by more than THRESHOLD; a screenshot passes while at most
# TOLERANCE of its pixels differ. Measured (BENCHMARKS.md / README): the same build renders the
# same bytes; a layout change such as a button row that stacks, or a graph node one layer lower,
# moves several percent of the pixels; anti-aliasing from a different FreeType or Chromium patch
# release stays well under one percent with the pinned fonts.
THRESHOLD = 48
TOLERANCE = 0.01

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                  "--disable-extensions", "--disable-background-networking", "--force-device-scale-factor=1",
                  "--font-render-hinting=none"]


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("storyboard-check: no chromium found (Scripts/storyboard-check.sh installs Debian's)")


def run(args, **kwargs):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120, **kwargs)


def expected_paths(flowrun, flow):
    result = run([flowrun, "--explore", "--format", "json", flow], cwd=ROOT)
    report = json.loads(result.stdout)
    paths = []
    numbers = {}
    for group in report["groups"]:
        for path in group["paths"]:
            # A flow with experiments: the page groups paths by variant too (StoryboardBuilder.variantGroups).
            variants = [d["choice"][len("variant "):].replace(" = ", "=")
                        for d in path["decisions"] if d["choice"].startswith("variant ")]
            if variants:
                slug = re.sub(r"[^A-Za-z0-9_]", "-", " · ".join([group["ending"]] + variants))
                numbers[slug] = numbers.get(slug, 0) + 1
                paths.append(f"{slug}-{numbers[slug]}|{' '.join(path['states'])}")
            else:
                paths.append(f"{group['ending'].replace(' ', '-')}-{path['number']}|{' '.join(path['states'])}")
    return report, paths


def check_dom(browser, page, name, report, paths, failures):
    with open(page, encoding="utf-8") as f:
        text = f.read()
    with open(os.path.join(os.path.dirname(__file__), "check.js"), encoding="utf-8") as f:
        script = f.read()
    checked = page[:-5] + ".check.html"
    with open(checked, "w", encoding="utf-8") as f:
        f.write(text.replace("</body>", "<script>\n" + script + "</script>\n</body>"))
    result = run([browser, *CHROMIUM_FLAGS, f"--window-size={WINDOW[0]},{WINDOW[1]}", "--virtual-time-budget=5000",
                  "--dump-dom", "file://" + checked])
    # The last match: the script's own comment names the element too.
    matches = re.findall(r'<pre id="storyboard-check">(\{.*?)</pre>', result.stdout.decode("utf-8", "replace"), re.S)
    if not matches:
        failures.append(f"{name}: the check script did not run (chromium exit {result.returncode}): "
                        + result.stderr.decode("utf-8", "replace")[-400:])
        return None
    dom = json.loads(html.unescape(matches[-1]))
    if "error" in dom:
        failures.append(f"{name}: the check script failed: {dom['error']}")
        return None
    if sorted(dom["paths"]) != sorted(paths):  # paths without screens come last in their group
        missing = [p for p in paths if p not in dom["paths"]]
        extra = [p for p in dom["paths"] if p not in paths]
        failures.append(f"{name}: paths on the page differ from flowrun --explore: missing {missing[:3]}, extra {extra[:3]}")
    locale_count = int(re.search(r'data-locale-count="(\d+)"', text).group(1))
    if len(dom["locales"]) != locale_count:
        failures.append(f"{name}: {len(dom['locales'])} locale buttons, the page declares {locale_count}")
    for locale in dom["locales"]:
        tag = locale["tag"]
        if locale["pressed"] != "true" or locale["bodyLocale"] != locale["index"]:
            failures.append(f"{name}: the {tag} button does not switch the page")
        if locale["visibleStrips"] != len(paths) or locale["wrongStrips"]:
            failures.append(f"{name}: in {tag}, {locale['visibleStrips']} of {len(paths)} paths show their {tag} screens"
                            f" and {locale['wrongStrips']} show another locale's")
        if locale["emptyScreens"]:
            failures.append(f"{name}: in {tag}, {locale['emptyScreens']} screens are empty")
    for problem in dom["overflow"][:10]:
        failures.append(f"{name}: {problem}")
    if dom["pageOverflow"]:
        failures.append(f"{name}: the page is {dom['pageOverflow']} px wide in a {WINDOW[0]} px window")
    # Experiments: one grid, a column per variant (the distinct assignments exploration found),
    # columns side by side (check.js measures the boxes).
    assignments = {tuple(d["choice"] for d in path["decisions"] if d["choice"].startswith("variant "))
                   for group in report["groups"] for path in group["paths"]} - {()}
    grids = dom.get("variants", [])
    if assignments and [g["columns"] for g in grids] != [len(assignments)]:
        failures.append(f"{name}: {len(assignments)} variants, but the page shows variant columns {[g['columns'] for g in grids]}")
    if not assignments and grids:
        failures.append(f"{name}: no experiment, but the page has variant columns")
    for grid in grids:
        for problem in grid["misaligned"][:5]:
            failures.append(f"{name}: variants not side by side: {problem}")
    highlight = dom.get("highlight")
    if highlight and highlight["found"] != highlight["expected"]:
        failures.append(f"{name}: clicking a finding highlights {highlight['found']} of its {highlight['expected']} states")
    screens = sum(l["screens"] for l in dom["locales"])
    columns = "".join(f", {g['columns']} variant columns x {g['rows']} rows" for g in grids)
    return f"{len(paths)} paths, {len(dom['locales'])} locales, {screens} screens{columns}"


def screenshot(browser, page, out):
    run([browser, *CHROMIUM_FLAGS, f"--window-size={WINDOW[0]},{WINDOW[1]}", "--virtual-time-budget=5000",
         "--screenshot=" + out, "file://" + page])
    return os.path.exists(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--flowrun", required=True)
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--keep")
    args = parser.parse_args()
    browser = chromium()
    work = args.keep or tempfile.mkdtemp(prefix="storyboard-")
    os.makedirs(work, exist_ok=True)
    flows = sorted(f for f in os.listdir(os.path.join(ROOT, "flows")) if f.endswith(".flow"))
    failures = []
    for file in flows:
        name = file[:-5]
        flow = os.path.join("flows", file)
        report, paths = expected_paths(args.flowrun, flow)
        page = os.path.join(work, name + ".html")
        result = run([args.flowrun, "--explore", "--format", "html", flow], cwd=ROOT)
        if result.returncode != report["exitCode"] or not result.stdout.endswith(b"</html>\n"):
            failures.append(f"{name}: flowrun --format html exited {result.returncode}: {result.stderr.decode()[-300:]}")
            continue
        with open(page, "wb") as f:
            f.write(result.stdout)
        summary = check_dom(browser, page, name, report, paths, failures)
        if summary is None:
            continue
        line = f"{name}: {summary}"
        if name in GOLDEN:
            shot = os.path.join(work, name + ".png")
            golden = os.path.join(GOLDEN_DIR, name + ".png")
            if not screenshot(browser, page, shot):
                failures.append(f"{name}: chromium wrote no screenshot")
            elif args.update:
                os.makedirs(GOLDEN_DIR, exist_ok=True)
                shutil.copyfile(shot, golden)
                line += "; golden image updated"
            elif not os.path.exists(golden):
                failures.append(f"{name}: no golden image {os.path.relpath(golden, ROOT)} (run with --update)")
            else:
                with open(shot, "rb") as a, open(golden, "rb") as b:
                    same = a.read() == b.read()
                share = 0.0 if same else png.difference(png.read(shot), png.read(golden), THRESHOLD)
                line += f"; screenshot differs from golden in {share * 100:.2f}% of pixels"
                if share > TOLERANCE:
                    failures.append(f"{name}: screenshot {shot} differs from {os.path.relpath(golden, ROOT)} in "
                                    f"{share * 100:.2f}% of pixels (tolerance {TOLERANCE * 100:.0f}%)")
        print(line)
    if failures:
        print("storyboard check failed:")
        for f in failures:
            print("  " + f)
        print(f"pages and screenshots are in {work}")
        sys.exit(1)
    if not args.keep:
        shutil.rmtree(work)
    print(f"storyboard check passed for {len(flows)} flows")


if __name__ == "__main__":
    main()
