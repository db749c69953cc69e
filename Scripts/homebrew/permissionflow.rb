# Homebrew formula template for the PermissionFlow tools. Scripts/homebrew/fill-formula.sh fills in
# the version and each archive's sha256 from a release's SHA256SUMS (Scripts/release.sh writes the
# result to dist/permissionflow.rb; put it in a tap as Formula/permissionflow.rb). OWNER is the
# GitHub owner of this repository. Not tried here: there is no Homebrew on the CI machine.
class Permissionflow < Formula
  desc "Lint, run and draw .flow files: how an iOS app asks for a permission"
  homepage "https://github.com/OWNER/PermissionFlow"
  version "@VERSION@"
  license "MIT"

  on_macos do
    url "https://github.com/OWNER/PermissionFlow/releases/download/v@VERSION@/permissionflow-@VERSION@-macos-universal.tar.gz"
    sha256 "@SHA256_MACOS_UNIVERSAL@"
  end

  on_linux do
    url "https://github.com/OWNER/PermissionFlow/releases/download/v@VERSION@/permissionflow-@VERSION@-linux-x86_64.tar.gz"
    sha256 "@SHA256_LINUX_X86_64@"
  end

  def install
    bin.install Dir["bin/*"]
  end

  test do
    assert_equal "flowlint #{version}", shell_output("#{bin}/flowlint --version").strip
  end
end
