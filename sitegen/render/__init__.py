"""Rendering: view objects built from the model, one jinja environment, Markdown without raw HTML."""
