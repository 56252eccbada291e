"""Reusable widgets, one per module: vim-keyed tables, paged and following tables, the timeline list."""
