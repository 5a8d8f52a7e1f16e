"""Writing: every link checked against the files made, then an atomic swap into place."""
