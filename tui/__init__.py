"""memlane's terminal app and its commands: `tui/gui` (the app, `tui/gui/app.py`) and `tui/commands` (the CLI)."""
