"""The `memlane` commands: cli.py parses the words and hands each command to its own module.

Nothing here imports textual; the app is opened through `tui.gui.app.run_app` only.
"""
