# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests of scripts/soak.py's pure parts: the clocks a GUI keeps, what counts as UCI output,
the game ends the referee judges itself, adjudication, the accounting of a record and its memory
curve, and how the referee files each engine line (stray, extra or early bestmoves, late readyok).
Run by CTest (`scripts_unit_tests`), or directly: python3 -B -m unittest discover -s tests/scripts -v
(tests/scripts/soak_smoke.py runs the script itself against the real engine, CTest's `soak_smoke`).
"""
import argparse
import collections
import os
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import soak  # noqa: E402


class TimeControls(unittest.TestCase):
    def test_parse(self):
        self.assertEqual(soak.parse_tc("10+0.1"), soak.TimeControl(0, 10000, 100))
        self.assertEqual(soak.parse_tc("40/20"), soak.TimeControl(40, 20000, 0))
        self.assertEqual(soak.parse_tc("40/60+0.5"), soak.TimeControl(40, 60000, 500))
        self.assertEqual(soak.parse_tc("60"), soak.TimeControl(0, 60000, 0))
        for bad in ("", "abc", "0+1", "0/20", "40/", "10+x", "-5+1"):
            with self.subTest(bad=bad), self.assertRaises(ValueError):
                soak.parse_tc(bad)

    def test_repeating_control_adds_the_base_after_the_40th_move_and_keeps_its_share(self):
        c = soak.Clock(soak.parse_tc("40/20"))
        self.assertEqual(c.moves_to_go(), 40)
        for i in range(39):
            self.assertTrue(c.spend(700 if i < 20 else 200))
            self.assertEqual(c.half_share, None if i < 19 else 14000 / 20000)
        self.assertEqual((c.left, c.moves_to_go()), (2200, 1))
        self.assertTrue(c.spend(2100))
        self.assertEqual((c.left, c.moves_to_go()), (20100, 40))
        self.assertEqual(len(c.period_shares), 1)
        self.assertAlmostEqual(c.period_shares[0], 19900 / 20000)
        self.assertEqual(c.min_left, 100)

    def test_increment_and_flag(self):
        c = soak.Clock(soak.parse_tc("10+0.1"))
        self.assertIsNone(c.moves_to_go())
        self.assertTrue(c.spend(1000))
        self.assertEqual(c.left, 9100)
        self.assertTrue(c.spend(9100))          # exactly at zero: still in time
        self.assertFalse(c.spend(101))          # the increment of 100 ms does not save it
        self.assertEqual(c.period_shares, [])

    def test_go_arguments_as_cute_chess_sends_them(self):
        w, b = soak.Clock(soak.parse_tc("40/20")), soak.Clock(soak.parse_tc("40/20"))
        self.assertEqual(soak.go_arguments(w, b, "w"), "wtime 20000 btime 20000 movestogo 40")
        w.spend(1234.6)
        self.assertEqual(soak.go_arguments(w, b, "b"), "wtime 18765 btime 20000 movestogo 40")
        self.assertEqual(soak.go_arguments(w, b, "w"), "wtime 18765 btime 20000 movestogo 39")
        w, b = soak.Clock(soak.parse_tc("10+0.1")), soak.Clock(soak.parse_tc("10+0.1"))
        self.assertEqual(soak.go_arguments(w, b, "b"), "wtime 10000 btime 10000 winc 100 binc 100")


class UciOutput(unittest.TestCase):
    GOOD = [
        "id name Taper 0.2.0 1a2b3c4d5e 2026-11-23 (native, pext)",
        "id author the Taper developers",
        "option name Hash type spin default 16 min 1 max 24000",
        "option name Clear Hash type button",
        "option name Debug Log File type string default <empty>",
        "uciok", "readyok",
        "info depth 12 seldepth 18 multipv 2 score cp -35 upperbound wdl 40 700 260 nodes 123456 nps 900000 "
        "hashfull 12 tbhits 0 time 137 pv e2e4 e7e5 g1f3",
        "info depth 30 score mate -3 nodes 5 time 1 pv a7a8q",
        "info depth 0 score mate 0",
        "info depth 14 currmove e1h1 currmovenumber 3",
        "info string error: unknown command 'foo'",
        "info string",
        "bestmove e2e4 ponder e7e5", "bestmove a7a8n", "bestmove (none)", "bestmove 0000",
    ]
    BAD = ["", "thinking very hard", "info", "info depth x", "info depth 3 foo 4", "info score cp",
           "info score cp 1.5", "info nodes -3", "info pv", "info pv e2e4 hello", "info currmove e9e4",
           "info wdl 1 2", "bestmove", "bestmove e2e4 ponder", "bestmove e2e4 e7e5", "bestmove (none) ponder e2e4",
           "readyok now", "id version 3", "option name Hash", "option name X type weird", "Stockfish 11 by T. Romstad"]

    def test_good_lines_pass(self):
        for line in self.GOOD:
            with self.subTest(line=line):
                self.assertIsNone(soak.uci_output_problem(line))

    def test_bad_lines_are_named(self):
        for line in self.BAD:
            with self.subTest(line=line):
                self.assertIsNotNone(soak.uci_output_problem(line))

    def test_error_messages(self):
        self.assertTrue(soak.is_error_message("info string error: 'setoption' ignored while searching (send stop first)"))
        self.assertTrue(soak.is_error_message("info string warning: unknown go word 'x' skipped"))
        self.assertTrue(soak.is_error_message("info string go during a search: stopping the running search first"))
        self.assertFalse(soak.is_error_message("info string found 70 Syzygy tables"))
        self.assertFalse(soak.is_error_message("info depth 3 score cp 1 pv e2e4"))

    def test_scores(self):
        p = soak.parse_info
        self.assertEqual(soak.score_of(p("info depth 5 score cp 37 pv e2e4")), 37)
        self.assertEqual(soak.score_of(p("info depth 5 score mate 3 pv e2e4")), 31997)
        self.assertEqual(soak.score_of(p("info depth 5 score mate -2 pv e2e4")), -31998)
        self.assertIsNone(soak.score_of(p("info depth 5 score cp 37 lowerbound pv e2e4")))
        self.assertIsNone(soak.score_of(p("info depth 5 currmove e2e4 currmovenumber 1")))


class GameEnds(unittest.TestCase):
    def test_mate_and_stalemate_from_the_judge(self):
        self.assertEqual(soak.game_end("checkmate", "k7/8/8/8/8/8/8/K7 w - - 0 1", []), ("0-1", "Black mates"))
        self.assertEqual(soak.game_end("checkmate", "k7/8/8/8/8/8/8/K7 b - - 0 1", []), ("1-0", "White mates"))
        self.assertEqual(soak.game_end("stalemate", "k7/8/8/8/8/8/8/K6Q b - - 0 1", [])[1], "stalemate")

    def test_repetition_counts_placement_side_castling_and_en_passant(self):
        a = soak.position_key("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 9")
        b = soak.position_key("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 8 11")
        self.assertEqual(a, b)
        self.assertNotEqual(a, soak.position_key("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 8 11"))
        fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 8 11"
        self.assertIsNone(soak.game_end("none", fen, [a, "x", b]))
        self.assertEqual(soak.game_end("none", fen, [a, "x", a, "y", b])[1], "threefold repetition")

    def test_fifty_moves(self):
        self.assertEqual(soak.game_end("none", "r3k3/8/8/8/8/8/8/R3K3 w - - 100 80", ["k"])[1], "fifty-move rule")
        self.assertIsNone(soak.game_end("none", "r3k3/8/8/8/8/8/8/R3K3 w - - 99 80", ["k"]))
        # Mate on the hundredth half-move counts as mate.
        self.assertEqual(soak.game_end("checkmate", "r3k3/8/8/8/8/8/8/R3K3 w - - 100 80", ["k"])[1], "Black mates")

    def test_insufficient_material(self):
        dead = ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
                "4k3/8/8/8/8/8/8/2N1K3 b - - 0 1",
                "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1"]          # c8 and f1: both light squares
        alive = ["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
                 "1b2k3/8/8/8/8/8/8/4KB2 w - - 0 1",          # b8 dark, f1 light
                 "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", "4k3/8/8/8/8/8/8/2BNK3 w - - 0 1",
                 "3nk3/8/8/8/8/8/8/2B1K3 w - - 0 1"]
        for fen in dead:
            with self.subTest(fen=fen):
                self.assertTrue(soak.insufficient_material(fen))
        for fen in alive:
            with self.subTest(fen=fen):
                self.assertFalse(soak.insufficient_material(fen))


class Adjudication(unittest.TestCase):
    def test_resign_needs_both_sides_for_three_moves(self):
        adj = soak.Adjudicator()
        for s in (1200, 1100, 1300, 1050, 1000):
            self.assertIsNone(adj.add(s, 20))
        self.assertEqual(adj.add(1400, 23), ("1-0", "adjudication: Black resigns"))
        adj = soak.Adjudicator()
        for s in (-1200, -1100, None, -1050, -1000, -1000, -1000, -1000):
            self.assertIsNone(adj.add(s, 20))          # a ply without a score breaks the run
        self.assertEqual(adj.add(-1000, 23)[0], "0-1")

    def test_draw_only_from_move_40(self):
        adj = soak.Adjudicator()
        for _ in range(30):
            self.assertIsNone(adj.add(0, 30))
        adj = soak.Adjudicator()
        for i in range(15):
            self.assertIsNone(adj.add(5, 40 + i // 2))
        self.assertEqual(adj.add(-10, 48), ("1/2-1/2", "adjudication: draw"))

    def test_off_and_ply_cap(self):
        adj = soak.Adjudicator(resign_cp=0, draw_cp=-1, draw_moves=0, max_plies=10)
        for i in range(9):
            self.assertIsNone(adj.add(5000 if i % 2 else 0, 60))
        self.assertEqual(adj.add(0, 60), ("1/2-1/2", "adjudication: 10 plies"))


def game(result, taper_white, faults=None, rss=None, share=None, reason="Black mates"):
    return {"result": result, "taper_white": taper_white, "reason": reason, "plies": 80,
            "faults": {"taper": faults or {}, "opponent": {}}, "ponder_searches": 10, "ponder_hits": 4,
            "ready_ms_max": 2.5, "stop_ms_max": 7.0, "min_left_ms": 1500,
            "share40": {"taper": share, "opponent": 0.9}, "share20": {"taper": share and share / 2, "opponent": None},
            "rss_kib": rss}


class Records(unittest.TestCase):
    def test_game_totals_from_tapers_side(self):
        rec = soak.new_record("ponder", {"games": 4, "tc": "10+0.1", "options": {}})
        rec["games"] = [game("1-0", True, rss=40000, share=0.8), game("1-0", False, {"hangs": 1}, rss=40100),
                        game("1/2-1/2", False, rss=40100, share=0.6, reason="stalemate")]
        t = soak.game_totals(rec)
        self.assertEqual(t["wdl"], [1, 1, 1])
        self.assertEqual(t["taper"]["hangs"], 1)
        self.assertEqual(soak.fault_count(t["taper"]), 1)
        self.assertEqual((t["ponder_searches"], t["ponder_hits"]), (30, 12))
        self.assertEqual(t["share40"]["taper"], [0.8, 0.6])
        self.assertEqual(t["memory_points"], [(1, 40000), (2, 40100), (3, 40100)])

    def test_summary_and_result_line(self):
        rec = soak.new_record("repeat20", {"games": 2, "tc": "40/20", "options": {}})
        rec["engines"] = {"taper": "Taper 0.2.0 1a2b3c4d5e 2026-11-23 (native, pext)", "opponent": "Stockfish 11"}
        rec["sittings"] = [{"date": "2026-12-07"}]
        rec["games"] = [game("1-0", True, rss=40960, share=0.8), game("0-1", False, {"stray_output": 2}, rss=40960,
                                                                    share=0.9)]
        lines = soak.summary_lines(rec, "docs/soak/x.json")
        result = lines[-1]
        self.assertTrue(result.startswith("RESULT condition=repeat20 games=2 faults=2 "))
        self.assertIn(" stray_output=2 ", result)
        self.assertIn("share40_taper=0.850 share20_taper=0.425 share40_opponent=0.900", result)
        self.assertNotIn("share20_opponent", result)
        self.assertIn("rss_first_mib=40.0", result)
        row = [l for l in lines if l.startswith("RESULTS.md row:")][0]
        self.assertIn("| 2026-12-07 | 1a2b3c4 |", row)
        self.assertIn("**2 games, 2 faults by Taper**", row)

    def test_analysis_totals(self):
        rec = soak.new_record("analysis", {"cycles": 100, "options": {"MultiPV": "3"}, "stop_range": [0.05, 3],
                                           "at_once": 0.25})
        rec["blocks"] = [{"cycles": 50, "faults": {}, "searches": 55, "stops_at_once": 10,
                          "rss": [[25, 30000, "16/1"], [50, 60000, "64/2"]], "actions": {"ucinewgame": 3}},
                         {"cycles": 50, "faults": {"bad_pvs": 1}, "searches": 52, "stops_at_once": 12,
                          "rss": [[75, 30100, "16/1"], [100, 30100, "16/1"]], "actions": {"ucinewgame": 4},
                          "stop_ms_max": 9.0}]
        t = soak.analysis_totals(rec)
        self.assertEqual((t["cycles"], t["searches"], t["stops_at_once"]), (100, 107, 22))
        self.assertEqual(t["actions"]["ucinewgame"], 7)
        self.assertEqual(t["taper"]["bad_pvs"], 1)
        self.assertEqual(t["stop_ms_max"], 9.0)
        self.assertEqual(t["by_setting"]["16/1"]["samples"], 3)
        self.assertAlmostEqual(t["by_setting"]["16/1"]["slope_kib"], 10 / 7)   # least squares over 3 samples
        self.assertEqual(t["by_setting"]["64/2"]["samples"], 1)
        lines = soak.summary_lines(rec)
        self.assertTrue(lines[-1].startswith("RESULT condition=analysis cycles=100 faults=1 "))
        self.assertIn("go infinite, stop after 0.05-3 s, new positions, ucinewgame and setoption between searches, "
                      "25 % sent right after stop; MultiPV 3", lines[0])
        self.assertTrue(any(l.split()[:2] == ["16/1", "3"] for l in lines), lines)   # only settings seen 3 times

    def test_after_setoption_the_next_isready_may_wait_for_tables(self):
        st = soak.AnalysisState()
        self.assertEqual(st.ready_limit(), soak.READY_LIMIT_S)
        st.setup_pending = True           # e.g. setoption name Hash value 128 was sent
        self.assertEqual(st.ready_limit(), soak.SETUP_READY_S)
        self.assertEqual(st.ready_limit(), soak.READY_LIMIT_S)   # once

    def test_memory_setting(self):
        st = soak.AnalysisState({"Hash": "64", "MultiPV": "3"})
        self.assertEqual(st.setting(), "64/1")
        st.options.update(Threads="2", EndgameBitbases="true", SyzygyPath="/x")
        self.assertEqual(st.setting(), "64/2/bitbases/syzygy")

    def test_describe_games(self):
        rec = soak.new_record("ponder", {"tc": "10+0.1", "options": {"Ponder": "true", "Threads": "2"}})
        self.assertEqual(soak.describe(rec), "10 s + 0.1 s; Ponder true, Threads 2")
        rec = soak.new_record("repeat20", {"tc": "40/20", "options": {}})
        self.assertEqual(soak.describe(rec), "40 moves in 20 s, repeating")

    def test_record_round_trip_and_opening_pairs(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "soak", "r.json")
            rec = soak.new_record("hash", {"games": 30})
            rec["games"].append(game("1-0", True))
            soak.save_record(path, rec)
            self.assertEqual(soak.load_record(path), rec)
            self.assertFalse(os.path.exists(path + ".tmp"))
        order = [7, 3, 5]
        self.assertEqual([soak.opening_for(i, order) for i in range(5)],
                         [(7, True), (7, False), (3, True), (3, False), (5, True)])

    def test_machine_paths(self):
        self.assertTrue(soak.machine_path_free("scripts/soak.py --condition ponder --opponent stockfish"))
        # Made-up absolute paths, built here so that this file names no machine's own folders.
        self.assertFalse(soak.machine_path_free("--opponent " + "/".join(["", "work", "engines", "sf"])))
        self.assertFalse(soak.machine_path_free("--taper=" + "/".join(["", "home", "me", "taper"])))


class Memory(unittest.TestCase):
    def test_flat_after_the_first_tenth(self):
        samples = [(i, 20000 if i < 3 else 40000) for i in range(1, 41)]
        m = soak.memory_summary(samples)
        self.assertAlmostEqual(m["slope_kib"], 0.0)
        self.assertEqual((m["first_mib"], m["max_mib"]), (20000 / 1024, 40000 / 1024))

    def test_a_leak_shows_as_growth_per_game(self):
        m = soak.memory_summary([(i, 40000 + 12 * i) for i in range(1, 101)])
        self.assertAlmostEqual(m["slope_kib"], 12.0)
        self.assertIsNone(soak.memory_summary([]))

    def test_svg(self):
        svg = soak.svg_curve([(1, 30000), (2, 30500), (3, 30400)], "t", "game")
        self.assertTrue(svg.startswith("<svg"))
        self.assertEqual(svg.count("<polyline"), 1)
        points = svg.split('points="')[1].split('"')[0].split()
        self.assertEqual(len(points), 3)
        self.assertEqual(soak.svg_curve([], "t", "game"), "")


class Filing(unittest.TestCase):
    """Engine lines go to the referee's handler, as its reader threads deliver them."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        args = argparse.Namespace(logs=self.dir.name)
        self.ref = soak.Referee(args, judge=None)
        self.e = self.ref.add_engine("taper", ["taper"], {}, True)

    def tearDown(self):
        self.ref.fault_log.close()
        self.ref.move_log.close()
        self.dir.cleanup()

    def feed(self, *lines, t=0.0):
        for line in lines:
            self.ref.handle(self.e.index, self.e.generation, t, line)

    def test_one_bestmove_per_go(self):
        g = soak.Go("clock", "fen", [])
        self.e.gos.append(g)
        self.feed("info depth 3 score cp 12 nodes 100 time 2 pv e2e4 e7e5", "bestmove e2e4 ponder e7e5")
        self.assertTrue(g.answered)
        self.assertEqual((g.bestmove, g.ponder, g.score, g.pvs[1]), ("e2e4", "e7e5", 12, ["e2e4", "e7e5"]))
        self.assertEqual(sum(self.e.faults.values()), 0)
        self.feed("bestmove e2e4")
        self.assertEqual(self.e.faults["extra_bestmoves"], 1)

    def test_early_bestmove_to_ponder_and_infinite(self):
        for kind in ("ponder", "infinite"):
            self.e.gos.append(soak.Go(kind, "fen", []))
            self.feed("bestmove e2e4")
        self.assertEqual(self.e.faults["early_bestmoves"], 2)
        g = soak.Go("ponder", "fen", [])
        g.released = True                      # after ponderhit
        self.e.gos.append(g)
        self.feed("bestmove e2e4")
        self.assertEqual(self.e.faults["early_bestmoves"], 2)

    def test_stray_output_and_error_messages(self):
        self.feed("hello", "info depth 3 score cp 1 pv e2e4")   # search output with no search running
        self.assertEqual(self.e.faults["stray_output"], 2)
        self.feed("id name X")                                  # outside the answer to `uci`
        self.assertEqual(self.e.faults["stray_output"], 3)
        self.e.expect_uciok = True
        self.feed("id name Taper", "option name Hash type spin default 16 min 1 max 64", "uciok")
        self.assertEqual(self.e.faults["stray_output"], 3)
        self.assertEqual((self.e.id_name, self.e.known_options), ("Taper", {"hash"}))
        self.feed("info string error: unknown command 'x'", "info string 70 tables found")
        self.assertEqual(self.e.faults["error_messages"], 1)
        self.assertEqual(self.e.faults["stray_output"], 3)

    def test_readyok_late_is_a_hang_counted_once(self):
        self.e.pings.append(soak.Ping(0.0, soak.READY_LIMIT_S))
        self.e.pings.append(soak.Ping(5.0, soak.READY_LIMIT_S))
        self.feed("readyok", t=0.2)
        self.assertEqual(self.e.faults["hangs"], 0)
        self.assertAlmostEqual(self.e.ready_ms_max, 200.0)
        self.feed("readyok", t=6.5)
        self.assertEqual(self.e.faults["hangs"], 1)
        self.feed("readyok", t=6.6)                             # no isready was sent
        self.assertEqual(self.e.faults["stray_output"], 1)

    def test_lines_of_a_replaced_process_are_ignored(self):
        self.e.generation = 2
        self.ref.handle(self.e.index, 1, 0.0, "bestmove e2e4")
        self.ref.handle(self.e.index, 1, 0.0, None)
        self.assertEqual(sum(self.e.faults.values()), 0)
        self.assertFalse(self.e.eof)

    def test_take_faults_gives_each_fault_once(self):
        self.feed("hello")
        self.assertEqual(self.ref.take_faults(self.e), {"stray_output": 1})
        self.assertEqual(self.ref.take_faults(self.e), {})
        self.feed("hello", "bestmove e2e4")
        self.assertEqual(self.ref.take_faults(self.e), {"stray_output": 1, "extra_bestmoves": 1})


if __name__ == "__main__":
    unittest.main()
