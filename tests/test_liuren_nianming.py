"""The practitioner's chart of 大六壬 (issue 28): 本命 and 行年 as 《六壬大全》 counts them, the 神煞
tables as their entries quote them, 旺相休囚死 and 十二長生, the 類神 of a question, and all of it
in `sitegen cast` and its JSON, with the 年命 conditions of the 課體 resolved."""

from __future__ import annotations

import json
import random
import re
from datetime import datetime
from zoneinfo import ZoneInfo

from conftest import repo_rules
from test_cast_cli import cast
from sitegen.cast import facts
from sitegen.model.calendar import cast as cast_moment, year_ganzhi
from sitegen.model.ganzhi import SIXTY, Branch, GanZhi, Stem
from sitegen.model.liuren import RULES, lesson
from sitegen.model.liuren.nianming import LEISHEN, ming, xingnian
from sitegen.model.liuren.shensha import SHENSHA

ENTRIES = {e.id: e for e in repo_rules()}
_Z = "子丑寅卯辰巳午未申酉戌亥"


def test_xingnian_counts_as_the_book_does():
    """男行年一歲起丙寅 … 四十九在甲寅; 婦行年一歲起壬申 … 三十四在己亥 (卷八 繁昌課)."""
    born = 1984
    birth = ming(born)
    assert birth.zh == "甲子" and birth == year_ganzhi(born)
    assert xingnian("m", birth, birth).zh == "丙寅" and xingnian("f", birth, birth).zh == "壬申"
    assert xingnian("m", birth, year_ganzhi(born + 48)).zh == "甲寅"
    assert xingnian("f", birth, year_ganzhi(born + 33)).zh == "己亥"
    assert xingnian("m", birth, year_ganzhi(born + 1)).zh == "丁卯"
    assert xingnian("f", birth, year_ganzhi(born + 1)).zh == "辛未"
    # sixty years on, the same 行年
    assert xingnian("f", birth, year_ganzhi(born + 60)) == xingnian("f", birth, birth)


def _book_table(quote: str, zh: str) -> str | None:
    """The branches a 神煞's quoted clause lists, in the book's order (甲…癸, 子…亥 or 正月…), or
    None when the clause names no branches of its own."""
    quote = re.sub(f"(?<=[{_Z}])己|己(?=[{_Z}])", "巳", quote)   # the transcription's 己 for 巳
    if m := re.search(f"([{_Z}])([順逆])十二", quote):
        s, d = _Z.index(m.group(1)), 1 if m.group(2) == "順" else -1
        return "".join(_Z[(s + d * k) % 12] for k in range(12))
    if m := re.search(f"春([{_Z}])夏([{_Z}])秋([{_Z}])冬([{_Z}])", quote):
        return "".join(c * 3 for c in m.groups())
    if m := re.search(f"([{_Z}]+)三輪", quote):
        return m.group(1) * 3
    if "順六陽" in quote:
        s = _Z.index(quote[quote.index("順六陽") - 1])
        return "".join(_Z[(s + 2 * k) % 12] for k in range(12))
    run = re.search(f"[{_Z}]{{4,}}", quote.replace(zh, ""))
    return run.group(0) if run else None


def _engine_table(s) -> str:
    if s.basis == "month":
        return "".join(s.table[(Branch.YIN + k) % 12].zh for k in range(12))    # from 正月 (寅)
    return "".join(b.zh for b in s.table)


def test_each_shensha_table_is_what_its_entry_quotes():
    checked = 0
    for s in SHENSHA:
        e = ENTRIES[s.id]
        assert e.zh == s.zh and e.authority, s.id
        if s.basis in ("day", "year") or e.authority[0].work != "六壬大全":
            continue
        book = _book_table(e.authority[0].quote, s.zh)
        if book is None:
            continue
        assert _engine_table(s).startswith(book), (s.id, book, _engine_table(s))
        checked += 1
    assert checked >= 15
    by = {s.id: s for s in SHENSHA}
    # 破碎 (卜筮全書): 子午卯酉在蛇頭(巳)，辰戌丑未屬於牛(丑)，寅申巳亥雞頭(酉)
    assert "".join(by["liuren-sha-po-sui"].place(SIXTY[b]).zh for b in range(12)) == "巳丑酉巳丑酉巳丑酉巳丑酉"
    # the month-based ones from 正月 (寅月): 天德 丁 (寄宮 未), 月德 巳, 天喜 戌, 天赦 戊寅 in spring
    assert by["liuren-sha-tian-de"].place(SIXTY[0], Branch.YIN) == Branch.WEI
    assert by["liuren-sha-yue-de"].place(SIXTY[0], Branch.WU) == Branch.SI
    assert by["liuren-sha-tian-xi"].place(SIXTY[0], Branch.SHEN) == Branch.CHEN
    assert by["liuren-sha-tian-she"].place(GanZhi.from_zh("戊寅"), Branch.MAO) == Branch.YIN
    assert by["liuren-sha-tian-she"].place(GanZhi.from_zh("戊寅"), Branch.WU) is None
    # the year-based ones: 喪門 歲前二辰, 弔客 歲後二辰, 病符 歲後一辰
    assert [by[f"liuren-sha-{n}"].place(SIXTY[0], None, Branch.ZI).zh for n in
            ("sang-men", "diao-ke", "bing-fu", "sui-po")] == ["寅", "戌", "亥", "午"]
    # without the moment, no month- or year-based 神煞
    assert all(s.place(SIXTY[0]) is None for s in SHENSHA if s.basis in ("month", "year", "day"))


def test_the_shensha_of_the_horse_and_the_seasons_read_as_their_verses():
    """《卜筮全書》: 劫殺 「申子辰兮蛇開口，亥卯未兮猴速走 …」, 咸池 「寅午戌兔從卯裡出 …」, the 馬前神殺
    counted from the 驛馬 (「三華蓋 … 十亡神，十一將星」), 孤辰寡宿 「寅卯辰兮巳丑尋」; 《六壬大全》 卷一:
    「聖心亥己子午…」 (己 read 巳), 「月合辛巳丁乙三輪」 (月德合: 辛 己 丁 乙 on their 寄宮)."""
    by = {s.zh: s for s in SHENSHA}

    def day(name, branch):
        return by[name].place(GanZhi(Stem.JIA if Branch.from_zh(branch).yang else Stem.YI, Branch.from_zh(branch))).zh

    def month(name, m):
        return by[name].place(SIXTY[0], Branch.from_zh(m)).zh
    assert [day("劫煞", b) for b in "子卯午酉"] == list("巳申亥寅")
    assert [day("咸池", b) for b in "午酉子卯"] == list("卯午酉子")
    assert [day(n, "子") for n in ("華蓋", "災煞", "亡神", "將星")] == list("辰午亥子")
    assert [month("孤辰", m) + month("寡宿", m) for m in "寅巳申亥子"] == ["巳丑", "申辰", "亥未", "寅戌", "寅戌"]
    assert [month("聖心", m) for m in "寅卯辰"] == list("亥巳子")
    assert [month("月合", m) for m in "寅卯辰巳午"] == list("戌未未辰戌")
    assert all(by[n].basis == "month" for n in ("孤辰", "月合", "天詔", "受死", "大時"))
    # 月厭 from the 逐月 lists and 第19·30法 (三月 申, 六月 巳, 七月 辰, 九月 寅, 十二月 亥); 天目 「春辰夏未秋戌冬丑」;
    # 火鬼 「春午夏酉秋子冬卯」; 血忌 and 月厭 fall together only in 七月 (第30法 「止有七月占有血忌與月厭同處」)
    assert [month("月厭", m) for m in "寅辰未申戌丑"] == list("戌申巳辰寅亥")
    assert [month("天目", m) + month("火鬼", m) for m in "卯午酉子"] == ["辰午", "未酉", "戌子", "丑卯"]
    assert [m.zh for m in Branch if month("血忌", m.zh) == month("月厭", m.zh)] == ["申"]
    assert len(SHENSHA) == 68


def test_every_new_rule_quotes_its_source():
    fams = {"liuren-shensha", "liuren-nianming", "liuren-wangshuai", "liuren-leishen"}
    new = [r for r in RULES if r.family in fams]
    assert len(new) == len(SHENSHA) + 5 + len(LEISHEN)
    for r in new:
        e = ENTRIES[r.id]
        assert e.authority and re.search("[가-힣]", e.test) and callable(r.holds), r.id
    assert {a.title for r in new for a in ENTRIES[r.id].authority if a.work == "六壬大全" and a.part == "卷二"} >= {
        "青龍論", "勾陳論", "白虎論", "玄武論", "六合論"}


def test_a_lesson_carries_its_day_shensha_stages_and_the_dun_and_kin_of_its_four_lessons():
    les = lesson(GanZhi.from_zh("己酉"), 4)
    d = les.as_data()
    assert [(x["upper"], x["dun"], x["kin"], x["stage"]) for x in d["lesson_details"]] == [
        ("辰", "甲", "兄弟", "墓"), ("丑", "癸", "兄弟", "衰"), ("午", "丙", "父母", "胎"), ("卯", None, "官鬼", "死")]
    assert d["changsheng"]["申"] == "長生" and d["changsheng"]["子"] == "帝旺"     # 己 土 follows 水
    assert d["transmission_stages"] == ["胎", "死", "帝旺"]
    sha = {x["name"]: x for x in d["shensha"]}
    assert sha["羊刃"]["branch"] == "未" and sha["羊刃"]["seat"] == "戌"           # 己 羊刃 未, plate 4
    assert sha["日醫"]["lessons"] == [4] and sha["日醫"]["transmissions"] == ["中傳"]
    assert all(x["rule"].startswith("liuren-sha-") for x in d["shensha"]) and "天德" not in sha


def test_sitegen_cast_gives_ming_xingnian_shensha_and_strength():
    run = cast("--json", "--tz", "Asia/Seoul", "--born", "1984", "--sex", "f", "2026-12-01T09:30")
    assert run.returncode == 0, run.stderr
    f = json.loads(run.stdout)
    assert f["ming"] == "子" and f["xingnian"] == "庚寅"               # 43 歲 in 丙午: 壬申 back 42
    assert f["nianming_upper"] == {"ming": {"branch": "子", "upper": "酉", "general": "玄武"},
                                   "xing": {"branch": "寅", "upper": "亥", "general": "天后"}}
    assert f["strength"] == {"gan": "囚", "zhi": "休", "lessons": ["囚", "囚", "死", "相"],
                             "transmissions": ["死", "相", "旺"]}          # 亥月: 水旺 木相 金休 土囚 火死
    names = [m["name"] for m in f["shensha"]]
    assert names[:3] == ["羊刃", "福星", "日醫"] and {"天德", "月德", "喪門", "弔客", "病符"} <= set(names)
    assert next(m for m in f["shensha"] if m["name"] == "天德")["branch"] == "辰"   # 十月 乙 → 辰
    assert [next(m for m in f["shensha"] if m["name"] == n)["branch"] for n in ("月厭", "天目", "火鬼")] == [
        "丑", "丑", "卯"]                                                          # 十月: 戌 back 9, 冬
    assert f["link"].endswith("&born=1984&sex=f")
    text = cast("--tz", "Asia/Seoul", "--born", "1984", "--sex", "m", "2026-12-01T09:30").stdout
    assert "本命 子" in text and "行年 戊申" in text and " 羊刃 未 " in text.split("神煞")[1]
    plain = json.loads(cast("--json", "--tz", "Asia/Seoul", "2026-12-01T09:30").stdout)
    assert plain["ming"] is None and plain["xingnian"] is None and plain["shensha"] == f["shensha"]


def test_sitegen_cast_refuses_a_sex_without_a_year_a_year_after_the_moment_and_a_bad_year():
    for args, words in ((("--sex", "f"), "--born"), (("--born", "2030"), "after the moment"),
                        (("--born", "84"), "not a year"), (("--sex", "x", "--born", "1984"), "invalid choice"),
                        (("--born", "1984", "--spouse-born", "1986"), "--sex"),
                        (("--spouse-born", "1986"), "--sex"),
                        (("--born", "1984", "--sex", "m", "--spouse-born", "2030"), "--spouse-born 2030 is after"),
                        (("--born", "1984", "--sex", "m", "--spouse-born", "86"), "not a year")):
        run = cast("--tz", "Asia/Seoul", *args, "2026-12-01T09:30")
        assert run.returncode == 2 and words in run.stderr and "Traceback" not in run.stderr, (args, run.stderr)
        assert run.stdout == ""


def test_sitegen_cast_takes_the_spouses_birth_year_for_the_couples_xingnian():
    """--spouse-born: the spouse (of the other sex) has a 行年 too; 夫年 and 妻年 decide 解離 (卷九 解離課,
    line 563: 夫年午上見寅, 妻年子上見申 — 甲子日 戌將 寅時) and 旺孕 (line 565: 夫年寅, 妻年午 in the
    spring) whichever spouse asks, and the lesson's link keeps the spouse."""
    at = ("--tz", "Asia/Seoul", "--json", "2020-03-22T04:00")        # 甲子日 寅時 戌將, 卯月
    def run(*args):
        r = cast(*args, *at)
        assert r.returncode == 0, r.stderr
        f = json.loads(r.stdout)
        assert (f["day"], f["hour"], f["month_general"], f["month"][1]) == ("甲子", "寅", "戌", "卯")
        return f, dict(f["settled"])
    f, held = run("--born", "1968", "--sex", "m", "--spouse-born", "1964")   # 夫年 壬午, 妻年 子
    assert f["xingnian"][1] == "午" and f["spouse_xingnian"][1] == "子"
    assert f["link"].endswith("&born=1968&sex=m&spouse=1964")
    assert held["解離"] is True and held["旺孕"] is False
    f, held = run("--born", "1964", "--sex", "f", "--spouse-born", "1968")   # the wife asks
    assert f["xingnian"][1] == "子" and f["spouse_xingnian"][1] == "午" and held["解離"] is True
    f, held = run("--born", "1960", "--sex", "m", "--spouse-born", "1958")   # 夫年寅, 妻年午: 三合, 木旺火相
    assert (f["xingnian"][1], f["spouse_xingnian"][1]) == ("寅", "午") and held["旺孕"] is True
    assert held["解離"] is False
    f, held = run("--born", "1960", "--sex", "m")
    assert f["spouse_xingnian"] is None and held["解離"] is None and held["旺孕"] is None
    assert "&spouse=" not in f["link"]
    text = cast("--tz", "Asia/Seoul", "--born", "1968", "--sex", "m", "--spouse-born", "1964", at[-1]).stdout
    assert "배우자 行年 " + run("--born", "1968", "--sex", "m", "--spouse-born", "1964")[0]["spouse_xingnian"] in text
    assert "解離: 이 순간 성립" in text


def test_the_wangyun_example_month_is_read_by_the_yuejian():
    """卷九 line 565's 甲子日 未時酉將 is in 三月 after 穀雨 (月建 辰, 土旺金相 by the site's 旺相): there
    夫年寅·妻年午 are not 旺相; in the 巳 month 夫年午·妻年戌 (火旺土相) are."""
    at = ("--tz", "Asia/Seoul", "--json", "2021-05-16T14:00")        # 甲子日 未時 酉將, 巳月
    f = json.loads(cast("--born", "1961", "--sex", "m", "--spouse-born", "1959", *at).stdout)
    assert (f["day"], f["hour"], f["month_general"]) == ("甲子", "未", "酉")
    assert (f["xingnian"][1], f["spouse_xingnian"][1]) == ("寅", "午") and dict(f["settled"])["旺孕"] is False
    f = json.loads(cast("--born", "1963", "--sex", "f", "--spouse-born", "1957", *at).stdout)
    assert (f["xingnian"][1], f["spouse_xingnian"][1]) == ("戌", "午") and dict(f["settled"])["旺孕"] is True


def test_the_nianming_conditions_of_the_keti_resolve_with_the_asker():
    """侵害 (行年為用), 刑傷, 三陰 (時克行年) need the 行年; 官爵 also holds by the 太歲 or 月建."""
    rng = random.Random(28)
    tz = ZoneInfo("Asia/Seoul")
    seen: dict[str, set] = {}
    hits = 0
    for _ in range(3000):
        if hits >= 60:
            break
        when = datetime(2000, 1, 1) + (datetime(2040, 1, 1) - datetime(2000, 1, 1)) * rng.random()
        c = cast_moment(when.replace(microsecond=0, second=0), tz, "Asia/Seoul")
        names = {p.name for p in lesson(c.day, c.plate).conditional_patterns}
        if not names & {"侵害", "刑傷", "三陰", "官爵"}:
            continue
        hits += 1
        bare = dict(facts(c, tz)["conditional"])
        for born in range(1950, 2000, 5):
            for sex in ("m", "f"):
                f = facts(c, tz, born=born, sex=sex)
                xing = f["xingnian"][1]
                les = lesson(c.day, c.plate)
                for name, h in f["conditional"]:
                    if name == "侵害":
                        assert bare[name] is None and h == (xing == les.transmissions[0].zh)
                    elif name == "刑傷":
                        first = les.transmissions[0]
                        x = Branch.from_zh(xing)
                        assert bare[name] is None and h == (x.punish == first or first.punish == x)
                    elif name in ("三陰", "官爵"):
                        assert h is not None
                    seen.setdefault(name, set()).add(h)
    assert seen.get("侵害") == {True, False} and seen.get("刑傷") == {True, False}
    assert {"官爵", "三陰"} <= set(seen)


def test_leishen_marks_where_the_general_of_a_question_rides():
    les = lesson(GanZhi.from_zh("己酉"), 4)
    from sitegen.model.liuren.nianming import leishen_seats
    seats = dict(leishen_seats(les.generals_day))
    assert [b.zh for b in seats["liuren-lei-cai"]] == [b.zh for b in Branch if les.generals_day[b] == "青龍"]
    nubi = [b.zh for b in seats["liuren-lei-nu-bi"]]
    assert nubi[0] == next(b.zh for b in Branch if les.generals_day[b] == "天空") and {"戌", "酉"} <= set(nubi)
    assert {t.zh for t in LEISHEN} >= {"財", "官", "婚", "病", "訟", "行人", "盜·失物"}


def test_the_lesson_json_twin_carries_the_new_facts(built):
    d = json.loads((built / "liuren/ji-you/04/index.json").read_text(encoding="utf-8"))
    assert d["lesson_details"][0] == {"upper": "辰", "dun": "甲", "kin": "兄弟", "stage": "墓"}
    assert d["changsheng"]["申"] == "長生" and len(d["shensha"]) == 21     # every 神煞 of the day stem and branch
    assert set(d["leishen"]) == {t.id for t in LEISHEN}
    cai = d["leishen"]["liuren-lei-cai"]
    les = lesson(GanZhi.from_zh("己酉"), 4)
    assert cai["day"] == [b.zh for b in Branch if les.generals_day[b] == "青龍"]
    page = (built / "liuren/ji-you/04/index.html").read_text(encoding="utf-8")
    assert 'href="../../../rules/liuren-sha-yang-ren/index.html"' in page or "rules/liuren-sha-yang-ren/" in page
    assert (built / "rules/liuren-sha-tian-de/index.html").is_file()
    assert "丁坤壬辛亥甲癸寅丙乙" in (built / "rules/liuren-sha-tian-de/index.html").read_text(encoding="utf-8")


def test_the_nianming_of_deqing_hehuan_longzhan_and_the_fa_3_4_resolve_with_the_asker():
    """德慶 and 合歡 (年命乘吉將), 龍戰 on a 卯酉 day (行年·本命 on 卯酉), 第3法 and 第4法 (over the 本命 or 行年):
    undecided without the asker wherever the moment does not already refuse them, decided with a
    birth year and sex — in `sitegen cast`'s facts as in its text."""
    rng = random.Random(2028)
    tz = ZoneInfo("Asia/Seoul")
    names = {"德慶", "合歡", "龍戰"}
    seen: dict[object, set] = {}
    for _ in range(400):
        when = datetime(1990, 1, 1) + (datetime(2030, 1, 1) - datetime(1990, 1, 1)) * rng.random()
        c = cast_moment(when.replace(microsecond=0, second=0), tz, "Asia/Seoul")
        bare = facts(c, tz)
        born = rng.randint(1940, 1989)
        full = facts(c, tz, born=born, sex=rng.choice(("m", "f")))
        for (name, h0), (_, h) in zip(bare["conditional"], full["conditional"]):
            if name in names:
                assert h0 in (None, False) and h is not None and (h0 is None or h is False), (name, h0, h)
                seen.setdefault(name, set()).add(h)
        for (n, h0), (_, h) in zip(bare["bifa"], full["bifa"]):
            if n in (3, 4):
                assert h0 in (None, False, True) and h is not None and (h0 is None or h == h0), (n, h0, h)
                seen.setdefault(n, set()).add(h)
    assert all(seen.get(k) == {True, False} for k in ("德慶", "合歡", 3, 4)), seen
    assert seen.get("龍戰")
    text = cast("--tz", "Asia/Seoul", "--born", "1984", "--sex", "f", "2026-12-01T09:30").stdout
    assert "第3法 簾幕貴人高甲第: 이 순간 " in text and "第3法 簾幕貴人高甲第: 본명" not in text
