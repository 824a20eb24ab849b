"""The test network guard: connections beyond loopback fail before a packet leaves; loopback works."""

import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import tests.network_guard as network_guard_module
from tests.network_guard import NetworkBlocked, is_loopback


@pytest.mark.parametrize(
    "address",
    [("127.0.0.1", 80), ("127.5.0.1", 1), ("::1", 80, 0, 0), ("localhost", 8000), "/tmp/some.sock", (b"127.0.0.1", 9)],
)
def test_loopback_and_unix_addresses_pass(address):
    assert is_loopback(address)


@pytest.mark.parametrize(
    "address",
    [("10.255.255.1", 80), ("8.8.8.8", 53), ("2001:db8::1", 443, 0, 0), ("api.openai.com", 443), ("0.0.0.0", 80)],
)
def test_other_addresses_are_blocked(address):
    assert not is_loopback(address)


def test_connect_connect_ex_and_create_connection_are_blocked(network_guard):
    network_guard.expect_blocked = True
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        with pytest.raises(NetworkBlocked):
            sock.connect(("10.255.255.1", 80))
        with pytest.raises(NetworkBlocked):
            sock.connect_ex(("192.0.2.1", 80))
    with pytest.raises(NetworkBlocked):
        socket.create_connection(("api.openai.com", 443), timeout=1)
    assert len(network_guard.attempts) == 3


def test_a_loopback_server_is_reachable():
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    port = listener.getsockname()[1]
    accepted = threading.Thread(target=lambda: listener.accept()[0].sendall(b"hi"))
    accepted.start()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as client:
        assert client.recv(2) == b"hi"
    accepted.join(timeout=5)
    listener.close()


SNEAKY_TEST = """
import socket

def test_sneaky():
    try:
        socket.create_connection(("198.51.100.7", 80), timeout=1)
    except OSError:
        pass  # the code under test hides the failure; the guard must not
"""


def test_a_blocked_attempt_fails_the_test_even_if_the_code_swallows_it(tmp_path):
    (tmp_path / "network_guard.py").write_text(Path(network_guard_module.__file__).read_text())
    (tmp_path / "conftest.py").write_text('pytest_plugins = ["network_guard"]\n')
    (tmp_path / "test_sneaky.py").write_text(SNEAKY_TEST)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0
    assert "non-loopback" in run.stdout and "198.51.100.7" in run.stdout
