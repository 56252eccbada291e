"""memlane's terminal app: browse, watch and clean up Claude Code memories (see tui/app.py)."""
