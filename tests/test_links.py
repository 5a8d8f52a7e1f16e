"""The link checker on hand-made pages: every kind of broken link is found, on every page that
has it, whatever the pages scanned before it (the scanner shares what a link resolved to between
the pages under the folder it climbs to)."""

from sitegen.write.links import check_links, scan

FILES = frozenset({"index.html", "yi/index.html", "yi/01/index.html", "yi/01/02/index.html",
                   "yi/64/51/index.html", "rules/r/index.html", "assets/site.css"})


def page(*links: str, ids: tuple[str, ...] = ()) -> bytes:
    body = "".join(f'<a href="{link}">x</a>' for link in links)
    body += "".join(f'<p id="{i}">' for i in ids)
    return f'<html><link rel="stylesheet" href="../../../assets/site.css">{body}</html>'.encode()


def problems(pages: dict[str, bytes], files=FILES) -> list[str]:
    scanned = {f: scan(html, f, files) for f, html in pages.items()}
    for f in files - scanned.keys():
        scanned[f] = scan(b"<p id=\"top\">", f, files)
    return [p.format().splitlines()[0] for p in check_links(scanned)]


def test_good_links_pass():
    assert problems({
        "yi/01/02/index.html": page("../../../rules/r/index.html", "../index.html", "#a",
                                    "../../64/51/index.html#b", "https://example.org/x",
                                    "mailto:a@example.org", ids=("a",)),
        "yi/64/51/index.html": page("../../../index.html", ids=("b",)),
    }) == []


def test_the_same_link_is_judged_from_each_page():
    # '../index.html' is fine from yi/01/02 (yi/01/index.html exists) but not from yi/64/51:
    # the second page must not inherit the first page's verdict.
    assert problems({
        "yi/01/02/index.html": page("../index.html", "#here", ids=("here",)),
        "yi/64/51/index.html": page("../index.html", "#here"),
    }) == [
        "build/yi/64/51/index.html: broken link '#here': yi/64/51/index.html has no element with id 'here'",
        "build/yi/64/51/index.html: broken link '../index.html': no file yi/64/index.html was built",
    ]


def test_a_sibling_link_is_shared_only_by_the_pages_under_the_folder_it_climbs_to():
    # '../02/index.html#b' is yi/01/02's #b from every change of 本卦 01, yi/64/02 (not built)
    # from 本卦 64, and yi/02/index.html (not built) from a hexagram page.
    files = FILES | {"yi/01/03/index.html", "yi/01/04/index.html", "yi/64/03/index.html"}
    sibling = page("../02/index.html#b")
    assert problems({
        "yi/01/02/index.html": page(ids=("b",)),
        "yi/01/03/index.html": sibling,
        "yi/01/04/index.html": sibling,
        "yi/64/03/index.html": sibling,
        "yi/01/index.html": b'<a href="../../assets/site.css">x</a><a href="../02/index.html#b">x</a>',
    }, files) == [
        "build/yi/01/index.html: broken link '../02/index.html#b': no file yi/02/index.html was built",
        "build/yi/64/03/index.html: broken link '../02/index.html#b': no file yi/64/02/index.html was built",
    ]


def test_every_kind_of_broken_link_is_named():
    found = problems({
        "yi/01/02/index.html": page("../../../../up.html", "../../../rules/nope/index.html",
                                    "../../../rules/r/", "../../../rules/r/index.html#gone",
                                    "/elsewhere/x.html", "javascript:alert(1)"),
    })
    where = "build/yi/01/02/index.html: broken link "
    assert found == [
        where + "'../../../../up.html': it leads outside the site",
        where + "'../../../rules/nope/index.html': no file rules/nope/index.html was built",
        where + "'../../../rules/r/': it points at a folder; links must name a file (…/index.html) "
                "to work from disk",
        where + "'../../../rules/r/index.html#gone': rules/r/index.html has no element with id 'gone'",
        where + "'/elsewhere/x.html': no file elsewhere/x.html was built",
        where + "'javascript:alert(1)': the scheme 'javascript' is not allowed",
    ]


def test_a_link_fine_on_one_page_is_still_checked_against_the_files_of_another_build():
    html = page("../../../rules/r/index.html")
    assert problems({"yi/01/02/index.html": html}) == []
    fewer = FILES - {"rules/r/index.html"}
    assert problems({"yi/01/02/index.html": html}, fewer) == [
        "build/yi/01/02/index.html: broken link '../../../rules/r/index.html': "
        "no file rules/r/index.html was built"]
