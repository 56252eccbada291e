"""The Textual app: the App, its panes, screens, widgets and modals."""
