#!/bin/sh
# Download the pinned verus release zip and check it against its SHA-256; refuses an empty digest (an
# unverified download) and says how to compute and record it. The Dockerfile runs this script.
#   sh tools/ci/verus_fetch.sh VERSION SHA256 DEST_ZIP
# VERUS_RELEASES_URL replaces https://github.com/verus-lang/verus/releases/download (the tests use file://).
set -eu
version="$1"
sha256="$2"
dest="$3"
base="${VERUS_RELEASES_URL:-https://github.com/verus-lang/verus/releases/download}"
asset="verus-${version}-x86-linux.zip"
if [ -z "${sha256}" ]; then
    cat >&2 <<MESSAGE
error: VERUS_SHA256 is empty, so verus ${version} cannot be checked: refusing an unverified download.
Compute the digest of the release pinned in verus-release.env (from the repository root):
  ( . ./verus-release.env && curl -sSfL "https://github.com/verus-lang/verus/releases/download/release/\$VERUS_VERSION/verus-\$VERUS_VERSION-x86-linux.zip" | sha256sum )
Record it: VERUS_SHA256=<digest> in verus-release.env, and the same value as the default of
ARG VERUS_SHA256= in the Dockerfile (tests/github/test_workflows.py checks that both agree).
Or pass it for one build: docker build --build-arg VERUS_SHA256=<digest> .
MESSAGE
    exit 1
fi
curl -sSfL -o "${dest}" "${base}/release/${version}/${asset}"
echo "${sha256}  ${dest}" | sha256sum -c -
