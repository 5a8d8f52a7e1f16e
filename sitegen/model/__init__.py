"""The model: the two pure engines, the rules that join them to the texts, and the page registry."""
