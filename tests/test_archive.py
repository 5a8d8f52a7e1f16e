"""The download: one zip of the whole site and nothing else."""

from __future__ import annotations

import hashlib
import shutil
import zipfile

from sitegen.archive import NAME, site_files, write_archive


def test_the_zip_holds_the_site_and_nothing_else(built, tmp_path):
    out = tmp_path / "site"
    shutil.copytree(built / "texts", out / "texts")
    shutil.copytree(built / "assets", out / "assets")
    shutil.copy(built / "index.html", out / "index.html")
    (out / ".sitegen").mkdir()
    (out / ".sitegen" / "manifest.json").write_text("{}")
    a = write_archive(out)
    assert a.name == NAME and a.size == (out / NAME).stat().st_size
    assert a.sha256 == hashlib.sha256((out / NAME).read_bytes()).hexdigest()
    with zipfile.ZipFile(out / NAME) as z:
        names = z.namelist()
        assert names == site_files(out) and "index.html" in names
        assert not any(n.startswith(".sitegen") or n == NAME for n in names)
        assert z.read("texts/huangjince/index.html") == (built / "texts/huangjince/index.html").read_bytes()
    again = write_archive(out)          # the same site makes the same zip
    assert again.sha256 == a.sha256
