"""`sitegen cast` on the command line: what it prints, its settings, bad input, speed."""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
import subprocess
import sys

import pytest

from conftest import REPO
from sitegen import cli
from sites import copy_site, edit


def cast(*args, root=REPO):
    """``sitegen --root ROOT cast ARGS`` as the ``sitegen`` script runs it (:func:`sitegen.cli.main`),
    in this process: its exit status and what it printed. (The tests below that need a process of
    its own, for its environment or its processor time, start one.)"""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(["--root", str(root), "cast", *args])
        except SystemExit as e:                     # the argument parser's own refusals
            code = e.code
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def cast_process(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "cast", *args],
                          capture_output=True, text=True)


def test_the_checked_moment_as_text_and_json():
    run = cast("--tz", "Asia/Seoul", "2026-12-01T09:30")
    assert run.returncode == 0, run.stderr
    assert "日 己酉" in run.stdout and "中氣 小雪" in run.stdout and "月將 寅" in run.stdout
    assert "第4局" in run.stdout and "晝" in run.stdout and "liuren/ji-you/04/" in run.stdout
    run = cast("--json", "--tz", "Asia/Seoul", "2026-12-01T09:30", "2026-12-01T23:00")
    first, second = (json.loads(line) for line in run.stdout.splitlines())
    assert {k: first[k] for k in ("day", "year", "month", "hour", "solar_term", "month_general",
                                  "plate", "day_night", "url")} == {
        "day": "己酉", "year": "丙午", "month": "己亥", "hour": "巳", "solar_term": "小雪",
        "month_general": "寅", "plate": 4, "day_night": "day", "url": "liuren/ji-you/04/"}
    assert first["solar_term_at"].startswith("2026-11-22T") and first["solar_term_at"].endswith("+09:00")
    assert first["transmissions"] == "午卯子"
    assert (second["day"], second["hour"], second["day_night"]) == ("庚戌", "子", "night")


def test_the_day_turns_at_midnight_by_option_or_by_setting(tmp_path):
    assert json.loads(cast("--json", "--tz", "Asia/Seoul", "--day-starts", "0",
                           "2026-12-01T23:00").stdout)["day"] == "己酉"
    site = copy_site(tmp_path)
    edit(site / "content/site.yaml", "day_starts: 23", "day_starts: 0")
    assert json.loads(cast("--json", "--tz", "Asia/Seoul", "2026-12-01T23:00", root=site).stdout)["day"] == "己酉"
    assert json.loads(cast("--json", "--tz", "Asia/Seoul", "--day-starts", "23", "2026-12-01T23:00",
                           root=site).stdout)["day"] == "庚戌"


def test_a_bad_day_setting_is_a_content_problem(tmp_path):
    from sitegen.content import load_config
    from sitegen.problems import Problems

    site = copy_site(tmp_path)
    edit(site / "content/site.yaml", "day_starts: 23", "day_starts: 22")
    problems = Problems()
    assert load_config(site, problems) is None
    line = (site / "content/site.yaml").read_text("utf-8").split("day_starts: 22")[0].count("\n") + 1
    assert [p.format() for p in problems.items] == [
        f"content/site.yaml:{line}: casting.day_starts must be 23 (子初, the default) or 0, not 22\n"
        "    hint: write 23 (子初, the default) or 0 here"]


@pytest.mark.parametrize("args, names", [
    (["--tz", "Asia/Seoul", "2026-02-30T10:00"], "2026-02-30T10:00: no such date"),
    (["--tz", "Asia/Seoul", "2026-01-01T25:00"], "2026-01-01T25:00: no such time of day"),
    (["--tz", "Asia/Seoul", "2026-01-01T10:60"], "no such time of day"),
    (["--tz", "Mars/Olympus", "2026-01-01T10:00"], "unknown time zone 'Mars/Olympus'"),
    (["--tz", "../../etc/passwd", "2026-01-01T10:00"], "unknown time zone"),
    (["--tz", "Asia/Seoul", "1850-01-01T10:00"], "outside the solar-term table"),
    (["--tz", "Asia/Seoul", "2101-01-01T00:00"], "outside the solar-term table"),
    (["--tz", "Asia/Seoul", "2026-1-1 10:00"], "is not a moment"),
    (["--tz", "Asia/Seoul", "2026-12-01T09:30", "tomorrow"], "'tomorrow' is not a moment"),
])
def test_bad_input_is_one_line_and_exit_2(args, names):
    run = cast(*args)
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sitegen cast: ") and names in lines[0], run.stderr
    assert "Traceback" not in run.stderr


def test_now_and_the_machine_zone():
    run = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "cast", "--json", "now"],
                         capture_output=True, text=True, env={"TZ": "Asia/Tokyo", "PATH": ""})
    f = json.loads(run.stdout)
    assert f["tz"] == "Asia/Tokyo" and f["utc_offset"] == "+09:00"
    now = dt.datetime.now(dt.timezone(dt.timedelta(hours=9))).replace(tzinfo=None)
    assert abs((dt.datetime.fromisoformat(f["at"]) - now).total_seconds()) < 120


def test_day_and_night_by_the_sun_at_a_place():
    """--place: 晝/夜 by the Sun there. Seoul, 2026-06-21: sunrise 05:11, sunset 19:57 (KST, as
    almanacs give them); 2026-12-01: sunrise 07:23 — a 辰時 before it is 夜 by the Sun."""
    from sitegen.model.calendar import cast as cast_moment
    from zoneinfo import ZoneInfo

    seoul = (37.5665, 126.978)
    tz = ZoneInfo("Asia/Seoul")
    for at, by_hour, by_sun in (("2026-06-21T05:08", "day", "night"), ("2026-06-21T05:15", "day", "day"),
                                ("2026-06-21T19:54", "night", "day"), ("2026-06-21T20:00", "night", "night"),
                                ("2026-12-01T07:15", "day", "night"), ("2026-12-01T07:30", "day", "day")):
        local = dt.datetime.fromisoformat(at)
        assert cast_moment(local, tz, "Asia/Seoul").day_night == by_hour, at
        assert cast_moment(local, tz, "Asia/Seoul", place=seoul).day_night == by_sun, at
    run = cast("--json", "--tz", "Asia/Seoul", "--place", "37.5665,126.978", "2026-12-01T07:15")
    f = json.loads(run.stdout)
    assert (f["day_night"], f["day_night_by"], f["hour"]) == ("night", "sun", "辰")
    bad = cast("--place", "north", "now")
    assert bad.returncode == 2 and "LAT,LON" in bad.stderr


# ---- casting a hexagram -------------------------------------------------------------------------

def test_coins_give_the_change_in_its_day_and_month():
    run = cast("--json", "--tz", "Asia/Seoul", "--yi", "789768", "2026-12-01T09:30")
    assert run.returncode == 0, run.stderr
    f = json.loads(run.stdout)
    # 7 8 9 7 6 8 from the bottom: 離 below, 震 above (雷火豐), lines 3 (9) and 5 (6) move → 澤雷隨
    assert (f["from"], f["to"], f["moving"]) == (55, 17, [3, 5])
    assert (f["day"], f["month_branch"], f["void"]) == ("己酉", "亥", ["寅", "卯"])
    assert f["url"] == "yi/55/17/" and f["link"].startswith("yi/55/17/?at=2026-12-01T09:30&tz=Asia/Seoul")
    first = f["lines"][0]
    assert {k: first[k] for k in ("line", "najia", "liuqin", "liushen", "strength", "month_broken")} == {
        "line": 1, "najia": "己卯", "liuqin": "子孫", "liushen": "螣蛇", "strength": "相", "month_broken": False}
    assert first["void"] and first["hidden_moving"]          # 卯: void in 甲辰旬, clashed by 酉, 相 in 亥月
    assert [ln["liushen"] for ln in f["lines"]] == ["螣蛇", "白虎", "玄武", "青龍", "朱雀", "勾陳"]
    assert not any(ln["month_broken"] for ln in f["lines"])   # 亥月 breaks 巳: 豐 has none
    text = cast("--tz", "Asia/Seoul", "--yi", "789768", "2026-12-01T09:30").stdout
    assert "雷火豐 → 澤雷隨" in text and "旬空 寅卯" in text
    # 五爻 庚申 → 丁酉: 申化酉, 化進神 (the change page's rule on that line); 三爻 亥 → 辰 neither
    assert [ln["jin_tui"] for ln in f["lines"]] == [None, None, None, None, "yi-hua-jin-shen", None]
    row = next(r for r in text.splitlines() if r.startswith("  5 "))
    assert row.split()[-1] == "化進神" and "化進神" not in text.replace(row, "")


def test_jin_tui_are_the_change_pages_rules_on_each_moving_line():
    """比之大有 (666696): 四爻 申化酉 進神, 五爻 戌化未 退神 — as `sitegen cast --yi` gives them and as the
    change's own lines (the change page) have them."""
    from sitegen.model.yi import change
    f = json.loads(cast("--json", "--tz", "Asia/Seoul", "--yi", "666696", "2026-12-01T09:30").stdout)
    assert [ln["jin_tui"] for ln in f["lines"]] == [None, None, None, "yi-hua-jin-shen", "yi-hua-tui-shen", None]
    ch = change(f["from"], f["to"])
    for ln in ch.lines:
        want = {"yi-hua-jin-shen", "yi-hua-tui-shen"} & set(ln.rule_ids)
        assert {f["lines"][ln.line - 1]["jin_tui"]} - {None} == want
    text = cast("--tz", "Asia/Seoul", "--yi", "666696", "2026-12-01T09:30").stdout
    rows = {r.split()[0]: r for r in text.splitlines()[-6:]}
    assert rows["4"].endswith("化進神") and rows["5"].endswith("化退神")


def test_meihua_by_the_time_and_by_numbers():
    # 2026-12-01 is 丙午年 十月 廿三 (lunar); 午 7 + 10 + 23 = 40 → 坤; + 巳 6 = 46 → 坎, line 4: 師 → 解
    f = json.loads(cast("--json", "--tz", "Asia/Seoul", "--meihua", "2026-12-01T09:30").stdout)
    assert f["cast"]["lunar"] == {"year": 2026, "month": 10, "day": 23, "leap": False}
    assert (f["from"], f["to"], f["moving"]) == (7, 40, [4])
    # 3 → 離 above, 8 → 坤 below (晉); 3 + 8 + 巳 6 = 17 → line 5: 晉 → 否
    f = json.loads(cast("--json", "--tz", "Asia/Seoul", "--numbers", "3,8", "2026-12-01T09:30").stdout)
    assert (f["from"], f["to"], f["moving"]) == (35, 12, [5])
    f = json.loads(cast("--json", "--tz", "Asia/Seoul", "--numbers", "3,8,7", "2026-12-01T09:30").stdout)
    assert (f["from"], f["moving"]) == (35, [6])                # 3 + 8 + 7 = 18 → line 6


@pytest.mark.parametrize("args, names", [
    (["--yi", "789765"], "'789765' is not six throws"),
    (["--yi", "78976"], "'78976' is not six throws"),
    (["--yi", "78976x"], "is not six throws"),
    (["--yi", "7897688"], "is not six throws"),
    (["--yi", "789768", "--meihua"], "give one of them"),
    (["--numbers", "3"], "two or three whole numbers"),
    (["--numbers", "3,x"], "two or three whole numbers"),
])
def test_bad_lines_are_one_line_and_exit_2(args, names):
    run = cast("--tz", "Asia/Seoul", *args, "2026-12-01T09:30")
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sitegen cast: ") and names in lines[0], run.stderr


def test_the_cast_decides_the_days_a_date_settles():
    """四絕 (「四立日前一日為四絕」) and 天禍 (「凡四立日占…」) need the day of a 四立: the cast tells it,
    on the clocks of the zone (立春 2026 is 2026-02-04T05:02 in Seoul, 2026-02-03T20:02 UT), in the
    keys ``dates`` and ``settled`` (``conditional`` keeps them open, as a lesson page does) and in
    ``bifa``, each 法 the lesson shows and whether it holds."""
    def one(tz, at):
        return json.loads(cast("--json", "--tz", tz, at).stdout)
    eve, day = one("Asia/Seoul", "2026-02-03T10:00"), one("Asia/Seoul", "2026-02-04T10:00")
    assert eve["dates"] == {"四立日": False, "四立前日": True, "分至日": False}
    assert day["dates"] == {"四立日": True, "四立前日": False, "分至日": False}
    assert one("UTC", "2026-02-03T10:00")["dates"] == {"四立日": True, "四立前日": False, "分至日": False}
    assert one("UTC", "2026-02-02T10:00")["dates"] == {"四立日": False, "四立前日": True, "分至日": False}
    assert dict(eve["settled"])["四絕"] is True and dict(eve["conditional"])["四絕"] is None
    assert dict(day["settled"])["四絕"] is False
    # 天禍 on some hour of a 四立 day, and not on the same hour a day before
    hours = [one("Asia/Seoul", f"2026-02-04T{h:02d}:10") for h in range(0, 23, 2)]
    tianhuo = [f for f in hours if "天禍" in dict(f["settled"])]
    assert tianhuo and all(dict(f["settled"])["天禍"] is True for f in tianhuo)
    assert all(isinstance(n, int) and h in (True, False, None) for f in hours for n, h in f["bifa"])
    text = cast("--tz", "Asia/Seoul", "2026-02-03T10:00").stdout
    assert "四絕: 이 순간 성립" in text and "第39法 太陽照武宜擒賊:" in text



def test_the_cast_decides_what_the_moons_palace_settles():
    """天寇 (「分至日 … 月宿加離辰」) and the 二煩 (「月宿臨仲」) read the Moon's 宮 (月宿所屬十二辰):
    夏至 2026 falls on 丙寅 in Seoul; at 08:30 the Moon is in 翼 or 軫, of 巳宮, over 丑 (the 離辰
    of 乙丑, the day before), so 天寇 holds, and two hours later, the plate turned, it does not."""
    def one(at):
        return json.loads(cast("--json", "--tz", "Asia/Seoul", at).stdout)
    hit, miss = one("2026-06-21T08:30"), one("2026-06-21T10:30")
    assert hit["day"] == "丙寅" and hit["dates"]["分至日"] and hit["moon_mansion"]["mansion"] in "翼軫"
    assert dict(hit["settled"])["天寇"] is True and dict(hit["conditional"])["天寇"] is None
    assert dict(miss["settled"])["天寇"] is False
    assert dict(one("2026-06-20T08:30")["settled"])["天寇"] is False     # not a 分至: no 天寇
    # 地煩: the Moon's 宮 over a 仲, 斗罡 over 丑 or 未, on every moment that shows it
    from sitegen.model.ganzhi import Branch
    from sitegen.model.liuren.plate import seat_of
    seen = 0
    for h in range(0, 24, 2):
        f = one(f"2026-03-0{1 + h % 7}T{h:02d}:10")
        if "地煩" in dict(f["settled"]):
            seen += 1
            on = seat_of(f["plate"], Branch.from_zh(f["moon_mansion"]["palace"])).zh in "子午卯酉"
            assert dict(f["settled"])["地煩"] is on
    assert seen
    assert "(巳宮, " in cast("--tz", "Asia/Seoul", "2026-06-21T08:30").stdout

# ---- the text output says what the README says (issue 30, point 7) ------------------------------

LIUREN_KEYS = ["at", "tz", "utc_offset", "day_starts", "year", "month", "day", "hour", "solar_term",
               "solar_term_at", "month_general", "plate", "day_night", "transmissions", "url", "link",
               "conditional"]
YI_KEYS = ["at", "tz", "utc_offset", "day_starts", "year", "month", "day", "hour", "month_branch", "void",
           "cast", "from", "to", "moving", "name", "shi", "ying", "to_shi", "to_ying", "fushen", "url",
           "link", "lines"]


def _words(text: str) -> list[str]:
    """The Latin words of a text output, its addresses, zones and UTC offsets left out."""
    import re
    plain = re.sub(r"\S*/\S*|UTC", "", text)
    return re.findall(r"[A-Za-z]{2,}", plain)


def test_the_hour_is_shown_as_its_pillar_as_an_independent_calendar_has_it():
    """時 is the hour's 干支 (五鼠遁), as lunar-python gives it, on both casts and either day setting."""
    from lunar_python import Solar

    for when, ds in (("2026-12-01T09:30", 23), ("2026-12-22T05:49", 23), ("2024-02-10T00:10", 0),
                     ("1984-02-04T11:00", 23), ("2000-01-01T21:59", 0), ("2026-12-01T23:30", 23)):
        y, mo, d, h, mi = (int(x) for x in when.replace("T", "-").replace(":", "-").split("-"))
        pillar = Solar.fromYmdHms(y, mo, d, h, mi, 0).getLunar().getTimeInGanZhi()
        for extra in ([], ["--yi", "789768"]):
            out = cast("--tz", "Asia/Seoul", "--day-starts", str(ds), *extra, when).stdout
            assert f"時 {pillar}" in out, (when, extra, out)


def test_the_text_output_lists_the_shensha_by_name_in_korean_only():
    """Every 神煞 of a line (`--json` gives their rule ids) is named on that line of the text; a
    lesson's cast names the day's 神煞 and says in Korean whether each conditional 課體 holds;
    neither says a word of English; the JSON keys are as the README lists them."""
    from sitegen.content.rules import load_rules
    from sitegen.problems import Problems

    names = {e.id: e.zh for e in load_rules(REPO, Problems())}
    for args in (["--yi", "789768"], ["--meihua"], ["--numbers", "3,8"]):
        f = json.loads(cast("--json", "--tz", "Asia/Seoul", *args, "2026-12-01T09:30").stdout)
        assert [k for k in f if k in YI_KEYS] == YI_KEYS       # the keys of before, in order
        text = cast("--tz", "Asia/Seoul", *args, "2026-12-01T09:30").stdout
        rows = {int(r.split()[0]): r for r in text.splitlines()[-6:]}
        assert sorted(rows) == [1, 2, 3, 4, 5, 6], text
        assert sum(len(ln["shensha"]) for ln in f["lines"]) > 0
        for ln in f["lines"]:
            for sid in ln["shensha"]:
                assert names[sid] in rows[ln["line"]].split(), (sid, rows[ln["line"]])
        assert _words(text) == [], text
    f = json.loads(cast("--json", "--tz", "Asia/Seoul", "2026-12-01T09:30").stdout)
    assert [k for k in f if k in LIUREN_KEYS] == LIUREN_KEYS
    text = cast("--tz", "Asia/Seoul", "2026-12-01T09:30").stdout
    assert "神煞 祿 午 · 德 寅 · 驛馬 亥 · 旬丁 未 · 墓 辰" in text
    assert "迍福: 이 순간 성립" in text and "榮華: 이 순간 불성립" in text and "四絕: 이 순간 불성립" in text
    assert "地煩: 이 순간 성립" in text     # the Moon in 張, of 午宮, over 酉; 辰 over 未
    assert "하루는 23시에 바뀜" in text
    assert _words(text) == [], text


def _documented(section: str, row: str | None = None) -> set[str]:
    """The keys docs/cast-json.md lists in a section's first column (or, given ``row``, in the
    second column of that key's row)."""
    import re
    text = (REPO / "docs/cast-json.md").read_text(encoding="utf-8").split("\n## ")
    body = next(t for t in text if t.startswith(section))
    keys: set[str] = set()
    for line in body.splitlines():
        cells = line.split("|")
        if len(cells) < 4 or not cells[1].strip().startswith("`"):
            continue
        first = set(re.findall(r"`([a-z_]+)`", cells[1]))
        if row is None:
            keys |= first
        elif row in first:
            keys |= set(re.findall(r"`([a-z_]+)`", cells[2]))
    return keys


def test_the_json_keys_are_the_documented_ones():
    """docs/cast-json.md lists every key `--json` prints, and prints nothing it does not list."""
    liuren = [json.loads(cast("--json", "--tz", tz, *extra, at).stdout) for tz, extra, at in (
        ("Asia/Seoul", ["--born", "1984", "--sex", "f", "--spouse-born", "1982"], "2026-12-01T09:30"),
        ("America/New_York", [], "2026-03-08T02:30"),                   # a time the clocks skip
        ("Asia/Seoul", ["--place", "37.57,126.98"], "2026-12-22T05:49"))]   # 晝/夜 by the Sun
    assert set().union(*liuren) == _documented("A 大六壬 lesson")
    yi = json.loads(cast("--json", "--tz", "Asia/Seoul", "--yi", "789768", "2026-12-01T09:30").stdout)
    assert set(yi) == _documented("A hexagram")
    assert set().union(*yi["lines"]) == _documented("A hexagram", "lines")


def test_the_meihua_arithmetic_is_shown():
    """The sums, their remainders by eight and six, and the trigrams and line they give."""
    text = cast("--tz", "Asia/Seoul", "--meihua", "2026-12-01T09:30").stdout
    assert ("梅花 시각: 음력 2026년 10월 23일, 年支 7 + 月 10 + 日 23 = 40 ÷ 8 나머지 0 → 坤 (上卦), "
            "+ 時支 6 = 46 ÷ 8 나머지 6 → 坎 (下卦), 46 ÷ 6 나머지 4 → 4爻 (動爻)") in text
    assert "地水師 → 雷水解" in text
    text = cast("--tz", "Asia/Seoul", "--numbers", "3,8", "2026-12-01T09:30").stdout
    assert ("梅花 수: 3 ÷ 8 나머지 3 → 離 (上卦), 8 ÷ 8 나머지 0 → 坤 (下卦), 3 + 8 + 時支 6 = 17, "
            "17 ÷ 6 나머지 5 → 5爻 (動爻)") in text
    assert "동전 789768" in cast("--tz", "Asia/Seoul", "--yi", "789768", "2026-12-01T09:30").stdout


def test_the_text_is_in_the_words_of_names_yaml_and_a_broken_file_is_said_not_raised(tmp_path):
    """The text output's words are content/names.yaml's ``cast_text:`` (a change there shows), and
    a names.yaml that cannot be checked stops the text (not --json) with a message, no traceback."""
    site = copy_site(tmp_path)
    names = site / "content/names.yaml"
    edit(names, 'held: "이 순간 성립"', 'held: "이 순간에 성립한다"')
    run = cast("--tz", "Asia/Seoul", "2026-12-01T09:30", root=site)
    assert run.returncode == 0, run.stderr
    assert "    迍福: 이 순간에 성립한다" in run.stdout.splitlines()
    edit(names, "  undecided:", "  undecide:")
    for args in (("2026-12-01T09:30",), ("--yi", "789768", "2026-12-01T09:30")):
        run = cast("--tz", "Asia/Seoul", *args, root=site)
        assert (run.returncode, run.stdout) == (2, "")
        assert run.stderr.startswith("sitegen cast: content/names.yaml cannot be read") and "Traceback" not in run.stderr
    assert json.loads(cast("--json", "--tz", "Asia/Seoul", "2026-12-01T09:30", root=site).stdout)["plate"] == 4
