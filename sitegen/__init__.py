"""sitegen: a static-site generator for classical Chinese divination texts and two chart corpora."""

__version__ = "0.1.0"
