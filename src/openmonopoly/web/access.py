"""Who may do what with a game: refusals, and the hashed secrets (seat tokens, the host's token, the
invite code) that the server keeps instead of the secrets themselves."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from typing import Any


class Refused(ValueError):
    """A request the server will not carry out; ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int = 400, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after  # seconds until asking again may succeed (sent as Retry-After)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def secret_matches(stored_hash: str | None, secret: str | None) -> bool:
    """Whether ``secret`` is the one whose hash is stored (in constant time; no secret, no match)."""
    if not secret or stored_hash is None:
        return False
    return hmac.compare_digest(stored_hash, hash_token(secret))


def holds_access(game: Any, secret: str | None) -> bool:
    """Whether ``secret`` is one of a game's (its invite code, the host's token or a seat's token): what a
    private game asks before it shows who plays it. ``game``: a live or a stored game."""
    return (
        secret_matches(game.invite_hash, secret)
        or secret_matches(game.host_hash, secret)
        or any(secret_matches(h, secret) for h in game.token_hashes)
    )


def client_block(address: str) -> str:
    """Whom per-client limits count: an IPv4 address, or an IPv6 address's /64 (one subscriber's network:
    a single home or phone gets a /64 and may use any address in it)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address  # ("unknown", a test client's name)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)
