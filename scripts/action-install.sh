#!/usr/bin/env bash
# Installs a plint release binary for the GitHub Action (action.yml, step "Install plint from a
# release"); prints `installed=true` or `installed=false` to $GITHUB_OUTPUT (false: the next
# steps build plint from the action's checkout).
#
# Which release: VERSION (the `version` input) when it is a tag or `latest`; empty, the
# action's own: the ref it was used at (`uses: OWNER/plint@v0.1.0`) when that is a release tag,
# else the latest release. Whose releases: REPOSITORY (the `repository` input), else the
# action's own repository. GitHub gives a composite action's repository and ref in several
# places, not all of them filled in every case (a nested composite action, `uses: ./`): the
# `github.action_repository`/`github.action_ref` context passed through the step's `env:`
# (ACTION_REPOSITORY, ACTION_REF), the GITHUB_ACTION_REPOSITORY/GITHUB_ACTION_REF variables,
# and the folder the runner downloaded the action to
# (GITHUB_ACTION_PATH = .../_actions/OWNER/NAME/REF); a local action (`uses: ./`) is the
# workflow's repository (GITHUB_REPOSITORY), at the tag its checkout is at, if any.
#
# The archive is checked against the release's SHA256SUMS before it is unpacked.
set -u

out() { echo "$1" >> "${GITHUB_OUTPUT:-/dev/null}"; }
fail() {
  echo "::notice title=plint::$1: building plint from source"
  out installed=false
  exit 0
}

action_path=${GITHUB_ACTION_PATH:-}
repo=${REPOSITORY:-${ACTION_REPOSITORY:-${GITHUB_ACTION_REPOSITORY:-}}}
ref=${ACTION_REF:-${GITHUB_ACTION_REF:-}}
case "$action_path" in
  */_actions/*/*/*)
    rest=${action_path#*/_actions/}
    owner=${rest%%/*}; rest=${rest#*/}
    name=${rest%%/*}; rest=${rest#*/}
    [ -n "$repo" ] || repo="$owner/$name"
    [ -n "$ref" ] || ref=${rest%%/*}
    ;;
  ?*)
    # A local action: the workflow's own repository, at the tag of its checkout.
    [ -n "$repo" ] || repo=${GITHUB_REPOSITORY:-}
    [ -n "$ref" ] || ref=$(git -C "$action_path" describe --tags --exact-match 2>/dev/null || true)
    ;;
esac
[ -n "$repo" ] || fail "the action's repository is not known (set the \`repository\` input)"

tag=${VERSION:-}
if [ -z "$tag" ]; then
  case "$ref" in
    v[0-9]*) tag=$ref ;;
    *) tag=latest ;;
  esac
fi
if [ "$tag" = latest ]; then
  # The latest release's page redirects to its tag's: no API call, no token.
  url=$(curl -sSfLI -o /dev/null -w '%{url_effective}' "https://github.com/$repo/releases/latest") ||
    fail "cannot find the latest release of $repo"
  tag=${url##*/}
  case "$tag" in
    v[0-9]*) ;;
    *) fail "$repo has no release" ;;
  esac
fi

case "${RUNNER_OS:-}/${RUNNER_ARCH:-}" in
  Linux/X64) target=x86_64-unknown-linux-musl ;;
  Linux/ARM64) target=aarch64-unknown-linux-gnu ;;
  macOS/X64) target=x86_64-apple-darwin ;;
  macOS/ARM64) target=aarch64-apple-darwin ;;
  Windows/X64) target=x86_64-pc-windows-msvc ;;
  *) fail "no release binary for ${RUNNER_OS:-}/${RUNNER_ARCH:-}" ;;
esac
ext=tar.gz
[ "${RUNNER_OS:-}" != Windows ] || ext=zip
asset="plint-$tag-$target.$ext"
dir="${RUNNER_TEMP:-/tmp}/plint-bin"
rm -rf "$dir" && mkdir -p "$dir"
base="https://github.com/$repo/releases/download/$tag"
curl -sSfL --retry 3 -o "$dir/$asset" "$base/$asset" &&
  curl -sSfL --retry 3 -o "$dir/SHA256SUMS" "$base/SHA256SUMS" ||
  fail "cannot download $asset of $repo"
want=$(awk -v a="$asset" '$2 == a || $2 == "*" a { print $1 }' "$dir/SHA256SUMS")
if command -v sha256sum >/dev/null; then
  have=$(sha256sum "$dir/$asset" | awk '{ print $1 }')
else
  have=$(shasum -a 256 "$dir/$asset" | awk '{ print $1 }')
fi
[ -n "$want" ] && [ "$want" = "$have" ] || fail "$asset does not match the release's SHA256SUMS"
case "$asset" in
  *.zip) 7z x -y -o"$dir" "$dir/$asset" >/dev/null ;;
  *) tar -xzf "$dir/$asset" -C "$dir" ;;
esac || fail "cannot unpack $asset"
bin=$(find "$dir" -type f \( -name plint -o -name plint.exe \) | head -n 1)
[ -n "$bin" ] || fail "$asset holds no plint"
chmod +x "$bin"
bindir=$(dirname "$bin")
[ "${RUNNER_OS:-}" != Windows ] || bindir=$(cygpath -w "$bindir")
echo "$bindir" >> "${GITHUB_PATH:-/dev/null}"
echo "plint $tag of $repo installed"
out installed=true
