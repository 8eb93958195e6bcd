"""`tabletop serve`: one game for a group, each player on their own screen (a phone, a
laptop), a table screen for everyone. Needs the ``web`` extra (Starlette, uvicorn, segno)."""
