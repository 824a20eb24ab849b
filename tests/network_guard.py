"""A pytest plugin that makes every test fail that opens a connection to anything but this machine.

Loaded from conftest.py (``pytest_plugins = ["tests.network_guard"]``). It patches ``socket.socket.connect``,
``connect_ex`` and ``socket.create_connection``: loopback addresses (127.0.0.0/8, ::1, "localhost") and Unix
sockets pass; anything else raises ``NetworkBlocked`` before a packet leaves, and the test is failed even if
the code under test swallowed the error.
"""

import ipaddress
import socket
from collections.abc import Iterator
from typing import Any

import pytest

_LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


class NetworkBlocked(OSError):
    """A test tried to reach a non-loopback address."""


def is_loopback(address: Any) -> bool:
    if not isinstance(address, tuple) or not address:
        return True  # AF_UNIX paths and other non-IP addresses stay on this machine
    host = address[0]
    if isinstance(host, bytes):
        host = host.decode("ascii", errors="replace")
    host = str(host).split("%", 1)[0]  # an IPv6 scope id
    if host.lower() in _LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name other than localhost: resolving it would already use the network


class _Guard:
    def __init__(self) -> None:
        self.attempts: list[str] = []
        self.expect_blocked = False  # set by a test that checks the guard itself

    def check(self, address: Any) -> None:
        if not is_loopback(address):
            self.attempts.append(repr(address))
            raise NetworkBlocked(f"network access blocked in tests: connect to {address!r}")


@pytest.fixture(autouse=True)
def network_guard(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Guard]:
    guard = _Guard()
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
    real_create_connection = socket.create_connection

    def connect(self: socket.socket, address: Any) -> None:
        guard.check(address)
        return real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        guard.check(address)
        return real_connect_ex(self, address)

    def create_connection(address: Any, *args: Any, **kwargs: Any) -> socket.socket:
        guard.check(address)
        return real_create_connection(address, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    yield guard
    if guard.attempts and not guard.expect_blocked:
        pytest.fail(f"test tried to open non-loopback connections: {', '.join(guard.attempts)}", pytrace=False)
