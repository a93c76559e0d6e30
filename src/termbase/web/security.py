"""The security policy every page and response carries, served and static alike.

Pages load one stylesheet and one script from the site itself, plus the search index
the static site loads as a script; nothing inline runs. So the Content-Security-Policy
allows only the site's own files (`'self'`), forbids plugins, base-URL rewrites and
framing, and the same policy (less `frame-ancestors`, which browsers ignore in a
`<meta>`) goes into each static page. `SecurityHeaders` also turns every `Location`
header into a path on this site: redirects never name the Host a request claimed.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The policy, directive by directive. `img-src data:` serves Swagger UI's icons.
POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
#: Directives a `<meta http-equiv>` policy may not carry (browsers ignore them there, with a warning).
_HEADER_ONLY = {"frame-ancestors"}


def csp_header() -> str:
    """Return the Content-Security-Policy header value."""
    return "; ".join(f"{name} {value}" for name, value in POLICY.items())


def csp_meta() -> str:
    """Return the policy for a static page's `<meta http-equiv="Content-Security-Policy">`."""
    return "; ".join(f"{name} {value}" for name, value in POLICY.items() if name not in _HEADER_ONLY)


HEADERS = (
    (b"content-security-policy", csp_header().encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
_OURS = {name for name, _ in HEADERS}


def path_only(location: str) -> str:
    """Return a redirect target as a path on this site: no scheme, no host, one leading slash."""
    parts = urlsplit(location)
    path = "/" + parts.path.lstrip("/\\")  # `//evil.example` would be another host
    return path + (f"?{parts.query}" if parts.query else "")


def _on_site(location: bytes) -> bytes:
    return path_only(location.decode("latin-1")).encode("latin-1")


class SecurityHeaders:
    """ASGI middleware: add the security headers to every response, keep redirects on-site."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, _on_site(value) if name == b"location" else value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in _OURS
                ]
                message = {**message, "headers": [*headers, *HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
