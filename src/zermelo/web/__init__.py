"""The HTTP front end: a stateless JSON API over the games and engines (FastAPI)."""

from zermelo.web.app import create_app

__all__ = ["create_app"]
