# verusagent with a real verus, for the tests marked `verus` (pytest -m verus) and for real runs.
# Build: docker build -t verusagent --build-arg VERUS_SHA256=... .   (the other args default to the pin)
# Facts: shared/docs/verus-reference.md section 10 (release assets, pinned toolchain, glibc >= 2.39 for z3).
# The pin lives in verus-release.env; these ARG defaults must equal it (tests/github/test_workflows.py checks).
FROM ubuntu:24.04

ARG VERUS_VERSION=0.2026.08.15.7d4628a
ARG VERUS_SHA256=
ARG RUST_TOOLCHAIN=1.97.1-x86_64-unknown-linux-gnu

ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl unzip git build-essential \
       python3 python3-venv python3-pip \
    && rm -rf /var/lib/apt/lists/*

# rustup with no default toolchain, then exactly the toolchain this verus release pins
ENV RUSTUP_HOME=/opt/rustup CARGO_HOME=/opt/cargo PATH=/opt/cargo/bin:/opt/verus:$PATH
RUN curl -sSf https://sh.rustup.rs | sh -s -- -y --default-toolchain none --profile minimal \
    && rustup toolchain install "${RUST_TOOLCHAIN}" --profile minimal

# the verus release, checked against its pinned SHA-256 (an empty one stops the build with the command that
# computes it and how to record it: tools/ci/verus_fetch.sh, tested by tests/github/test_verus_fetch.py)
COPY tools/ci/verus_fetch.sh /tmp/verus_fetch.sh
RUN sh /tmp/verus_fetch.sh "${VERUS_VERSION}" "${VERUS_SHA256}" /tmp/verus.zip \
    && unzip -q /tmp/verus.zip -d /opt && mv /opt/verus-x86-linux /opt/verus && rm /tmp/verus.zip \
    && chmod +x /opt/verus/verus /opt/verus/rust_verify /opt/verus/z3 /opt/verus/cargo-verus

WORKDIR /src
COPY . /src
RUN python3 -m venv /opt/venv && /opt/venv/bin/pip install --no-cache-dir '.[test]'
ENV PATH=/opt/venv/bin:$PATH

# smoke test: verus answers and verifies a tiny file
RUN verus --version \
    && printf 'use vstd::prelude::*;\nverus! {\nfn main() { assert(1 + 1 == 2); }\n}\n' > /tmp/smoke.rs \
    && verus /tmp/smoke.rs

CMD ["pytest", "-q", "-m", "verus"]
