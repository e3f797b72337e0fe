# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests of scripts/match.py's steps: its command line, the fastchess command it builds, the
audit of how the games ended, the summary and the exit code, fed with literal fastchess output;
and one whole run of main() against a stand-in fastchess that prints such output.

    python3 -B -W error -m unittest discover -s tests/scripts -v
"""
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
from collections import Counter

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import match  # noqa: E402

NAMES = ["new", "old"]

# A run with one of each abnormal ending, fastchess's tracker counting one more time loss than its
# game lines, and a result block that disagrees with the game lines (the other engine's view, one
# game more): every cross-check of the audit has something to say.
TROUBLED = """\
Started game 1 of 4 (new vs old)
Finished game 1 (new vs old): 1-0 {Black loses on time}
Warning; Illegal move a1a1 played by old
Warning; Illegal PV move - move a1a1 from old
Finished game 2 (old vs new): 0-1 {White makes an illegal move}
Finished game 3 (new vs old): 1/2-1/2 {Draw by 3-fold repetition}
Finished game 4 (old vs new): 1-0 {Black disconnects}
--------------------------------------------------
Results of old vs new (10+0.1, 1t, 16MB, noob_2moves.epd):
Elo: 190.85 +/- nan, nElo: 245.67 +/- 340.48
LOS: 92.14 %, DrawRatio: 50.00 %, PairsRatio: inf
Games: 5, Wins: 2, Losses: 1, Draws: 1, Points: 2.5 (62.50 %)
Ptnml(0-2): [0, 1, 0, 0, 1], WL/DD Ratio: inf
--------------------------------------------------
Player: old
Timeouts: 2
Crashed: 0
Player: new
Timeouts: 0
Crashed: 1
Finished match
"""

# A run that died: one game, no result block, a fatal error.
CUT_SHORT = """\
Started game 1 of 4 (new vs old)
Finished game 1 (new vs old): 0-1 {Black mates}
Started game 2 of 4 (old vs new)
Fatal; engine old startup failure
"""

# An SPRT that stopped after two of the planned four games.
SPRT_DONE = """\
Finished game 1 (new vs old): 1-0 {White wins by adjudication}
Finished game 2 (old vs new): 1-0 {White mates}
Results of new vs old (8+0.08, 1t, 16MB, noob_2moves.epd):
Elo: -0.00 +/- 0.00, nElo: -nan +/- -nan
LOS: 50.00 %, DrawRatio: 100.00 %, PairsRatio: 1.00
Games: 2, Wins: 1, Losses: 1, Draws: 0, Points: 1.0 (50.00 %)
Ptnml(0-2): [0, 0, 1, 0, 0], WL/DD Ratio: 1.00
LLR: 2.95 (100.2%) (-2.94, 2.94) [0.00, 5.00]
SPRT ([0.00, 5.00]) completed - H1 was accepted
"""

# Two complete games, one lost on time (no result block: the game lines count).
TIME_LOSS = """\
Finished game 1 (new vs old): 1-0 {Black loses on time}
Finished game 2 (old vs new): 1-0 {White mates}
"""

# What match.py printed for TROUBLED before main() was split up (and still prints).
TROUBLED_SUMMARY = [
    "",
    "=" * 66,
    "Match new vs old: 4 games (4 planned), tc=10+0.1, book noob_2moves.epd (epd, random, seed 1), 0s",
    "  new from its view (fastchess's figures): +2 =1 -1   points 2.5 (62.5%)   Elo +190.8 +/- n/a   "
    "nElo +245.7 +/- 340.5   LOS 92.1%   draws 50.0%",
    "  pentanomial [0, 1/2, 1, 3/2, 2] (fastchess): [0, 1, 0, 0, 1]",
    "  terminations: crash 1, illegal_move 1, normal 1, time_loss 2",
    "  crashes/disconnects: 1   illegal moves: 1   time losses: 2   other abnormal: 0",
    "    by new: crash 1",
    "    by old: illegal_move 1, time_loss 1",
    "    game 1 (new vs old) 1-0 {Black loses on time}",
    "    game 2 (old vs new) 0-1 {White makes an illegal move}",
    "    game 4 (old vs new) 1-0 {Black disconnects}",
    "    fastchess reports 2 timeouts but only 1 were seen in game lines",
    "    fastchess's result block is from old's view, not new's",
    "    fastchess counts 5 games, the game lines 4",
    "    Warning; Illegal move a1a1 played by old",
    "  PV warnings from fastchess: 1 (e.g. Warning; Illegal PV move - move a1a1 from old)",
]
TROUBLED_RESULT = ("RESULT engine_a=new engine_b=old games=4 wins=2 draws=1 losses=1 score_pct=62.5 elo=190.85 "
                   "elo_err95=na nelo=245.67 los_pct=92.14 crashes=1 illegal_moves=1 time_losses=2 "
                   "other_abnormal=0 fastchess_rc=0")


def audit_of(text, pgn_games=(), watchdog_fired=False):
    lines = text.splitlines()
    games = match.parse_finished_games(lines, NAMES)
    return match.audit_games(games, list(pgn_games), lines, "new", watchdog_fired)


def plan(planned=4, sprt=False):
    return match.Plan(names=NAMES, planned=planned, limit="tc=10+0.1", book="noob_2moves.epd (epd, random, seed 1)",
                      pgn_path="/tmp/games.pgn", sprt=sprt)


def parse(*argv):
    with contextlib.redirect_stderr(io.StringIO()):
        return match.parse_arguments(["-b", "stockfish", *argv])[1]


class MatchGames(unittest.TestCase):
    def test_finished_game_lines(self):
        games = match.parse_finished_games(TROUBLED.splitlines(), NAMES)
        self.assertEqual([(g["id"], g["white"], g["black"], g["result"]) for g in games],
                         [(1, "new", "old", "1-0"), (2, "old", "new", "0-1"), (3, "new", "old", "1/2-1/2"),
                          (4, "old", "new", "1-0")])
        self.assertEqual(games[3]["reason"], "Black disconnects")
        self.assertEqual(match.parse_finished_games(["Started game 1 of 2 (new vs old)"], NAMES), [])

    def test_games_from_the_pgn_when_the_console_has_none(self):
        pgn = ('[White "old"]\n[Black "new"]\n[Result "0-1"]\n[Termination "time forfeit"]\n\n'
               '1. e4 {+0.10/9 0.1s} e5 {-0.10/9 0.1s, White loses on time} 0-1\n')
        games = match.games_from_pgn(match.parse_pgn_games(pgn))
        self.assertEqual(games, [{"id": 1, "white": "old", "black": "new", "result": "0-1",
                                  "reason": "White loses on time", "source": "pgn", "termination": "time forfeit"}])
        a = match.audit_games(games, [], [], "new")
        self.assertEqual((a.time_losses, a.wins), (1, 1))
        self.assertEqual(dict(a.per_engine), {"old": Counter(time_loss=1)})

    def test_player_tracker(self):
        self.assertEqual(match.player_tracker(TROUBLED.splitlines()),
                         {"old": {"Timeouts": 2, "Crashed": 0}, "new": {"Timeouts": 0, "Crashed": 1}})


class MatchAudit(unittest.TestCase):
    def test_each_abnormal_ending_is_charged_to_the_side_that_lost(self):
        a = audit_of(TROUBLED)
        self.assertEqual(dict(a.wdl), {"W": 2, "D": 1, "L": 1})
        self.assertEqual(dict(a.per_engine), {"new": Counter(crash=1), "old": Counter(time_loss=1, illegal_move=1)})
        self.assertEqual((a.crashes, a.illegal, a.other), (1, 1, 0))
        self.assertEqual(a.illegal_warnings, ["Warning; Illegal move a1a1 played by old"])
        self.assertEqual(len(a.pv_warnings), 1)

    def test_the_larger_count_of_game_lines_tracker_and_pgn_wins(self):
        a = audit_of(TROUBLED)
        self.assertEqual(a.time_losses, 2)  # fastchess's tracker: 2, the game lines: 1
        self.assertIn("fastchess reports 2 timeouts but only 1 were seen in game lines", a.notes)
        pgn = [{"Termination": "illegal move", "_last_comment": ""}] * 3
        a = audit_of(TROUBLED, pgn_games=pgn)
        self.assertEqual(a.illegal, 3)
        self.assertIn("PGN has 3 'illegal_move' games, game lines 1", a.notes)

    def test_a_result_block_that_disagrees_with_the_game_lines_is_noted(self):
        a = audit_of(TROUBLED)
        self.assertIn("fastchess's result block is from old's view, not new's", a.notes)
        self.assertIn("fastchess counts 5 games, the game lines 4", a.notes)
        self.assertEqual((a.wins, a.draws, a.losses), (2, 1, 1))  # fastchess's figures are reported

    def test_without_a_result_block_the_game_lines_count(self):
        a = audit_of(CUT_SHORT)
        self.assertEqual((a.wins, a.draws, a.losses, a.fc), (0, 0, 1, {}))
        self.assertEqual(a.fatal, ["Fatal; engine old startup failure"])
        self.assertEqual(a.notes, [])

    def test_unfinished_games_and_the_watchdog_are_other_abnormal(self):
        lines = ["Finished game 1 (new vs old): * {Game interrupted}"]
        games = match.parse_finished_games(lines, NAMES)
        calm = match.audit_games(games, [], lines, "new")
        self.assertEqual((calm.wdl["unfinished"], calm.cats["interrupted"], calm.games), (1, 1, 0))
        self.assertGreater(calm.other, 0)
        self.assertEqual(match.audit_games(games, [], lines, "new", watchdog_fired=True).other, calm.other + 1)
        self.assertEqual(audit_of("", watchdog_fired=True).other, 1)


class MatchSummary(unittest.TestCase):
    def test_summary_of_a_troubled_run(self):
        a = audit_of(TROUBLED)
        self.assertEqual(match.summary_lines(plan(), match.Run(), a, {}), TROUBLED_SUMMARY)
        self.assertEqual(match.result_line(match.summary_record(plan(), match.Run(), a, {})), TROUBLED_RESULT)

    def test_summary_of_a_run_cut_short(self):
        out = match.summary_lines(plan(), match.Run(rc=1), audit_of(CUT_SHORT), {})
        self.assertIn("  fastchess printed no result block: the counts above come from the game lines", out)
        self.assertIn("  games not played: 3", out)
        self.assertEqual(out[-1], "  fastchess: Fatal; engine old startup failure")

    def test_summary_when_the_watchdog_fired(self):
        run = match.Run(watchdog=3.0, watchdog_fired=True, rc=1)
        out = match.summary_lines(plan(), run, audit_of("", watchdog_fired=True), {})
        self.assertEqual(out[3:], ["  terminations: ",
                                   "  crashes/disconnects: 0   illegal moves: 0   time losses: 0   other abnormal: 1",
                                   "  the watchdog stopped the match: no game finished for 3s (counted as other abnormal)",
                                   "  games not played: 4"])

    def test_summary_of_an_sprt_that_stopped_early(self):
        out = match.summary_lines(plan(sprt=True), match.Run(), audit_of(SPRT_DONE), {})
        self.assertIn("  games not played: 2 (SPRT finished early)", out)
        self.assertEqual(out[-1], "  SPRT ([0.00, 5.00]) completed - H1 was accepted")
        self.assertIn("  terminations: adjudication 1, normal 1", out)

    def test_time_and_depth_per_move(self):
        thinking = {"old": (10, 0.25, 12.34), "new": (8, 0.5, 9.0), "other": (1, 1.0, 1.0)}
        self.assertEqual(match.thinking_lines(thinking, NAMES),
                         ["  new thinks 0.500 s a move at depth 9.0 on average (8 moves searched)",
                          "  old thinks 0.250 s a move at depth 12.3 on average (10 moves searched)"])
        record = match.summary_record(plan(), match.Run(), audit_of(SPRT_DONE), thinking)
        self.assertEqual(record["thinking"]["old"], {"moves": 10, "seconds_per_move": 0.25, "mean_depth": 12.34})
        self.assertEqual((record["ptnml"], record["adjudicated"], record["elo"]), ([0, 0, 1, 0, 0], 1, 0.0))

    def test_exit_code(self):
        cases = [  # (text, planned, run) -> exit code
            (TROUBLED, 4, match.Run(), 1),                          # a crash, an illegal move, time losses
            (TIME_LOSS, 2, match.Run(), 1),                         # a time loss alone
            (TIME_LOSS.replace("loses on time", "makes an illegal move"), 2, match.Run(), 1),
            (TIME_LOSS.replace("loses on time", "disconnects"), 2, match.Run(), 1),
            (TIME_LOSS.replace("loses on time", "mates"), 2, match.Run(), 0),
            (SPRT_DONE, 4, match.Run(), 0),                         # fewer games, but the SPRT decided
            (SPRT_DONE.replace("H1 was accepted", ""), 4, match.Run(), 2),   # fewer games, undecided
            (SPRT_DONE, 2, match.Run(), 0),
            (SPRT_DONE, 2, match.Run(rc=1), 2),                     # fastchess failed
            (SPRT_DONE, 2, match.Run(interrupted=True), 2),         # Ctrl-C
            (SPRT_DONE, 2, match.Run(watchdog_fired=True), 1),
            ("", 2, match.Run(), 2),                                # no game at all
        ]
        for text, planned, run, want in cases:
            with self.subTest(text=text[:40], planned=planned, run=run):
                self.assertEqual(match.exit_code(plan(planned), run, audit_of(text)), want)


class MatchCommandLine(unittest.TestCase):
    def test_limits(self):
        args = parse()
        self.assertEqual((args.tc, args.timemargin), ("10+0.1", 0))  # the default clock
        args = parse("--st", "0.1", "--nodes", "5000")
        self.assertEqual(match.limit_args(args, "a"), ["st=0.1", "nodes=5000", "timemargin=50"])
        args = parse("--tc", "5+0.05", "--tc-b", "10+0.1")
        self.assertEqual(match.limit_description(args), "tc=10+0.1 / tc=5+0.05")

    def test_usage_errors(self):
        for argv in (["--st", "0.1", "--tc", "1+0.1"], ["--tc-a", "1+0.1"], ["--games", "4", "--rounds", "2"]):
            with self.subTest(argv=argv), self.assertRaises(SystemExit) as stop:
                parse(*argv)
            self.assertEqual(stop.exception.code, 2)

    def test_watchdog_and_schedule(self):
        self.assertEqual(match.watchdog_seconds(parse("--nodes", "100")), 600.0)
        self.assertEqual(match.watchdog_seconds(parse("--nodes", "100", "--tc", "1+0.1")), 0.0)
        self.assertEqual(match.watchdog_seconds(parse("--watchdog", "5")), 5.0)
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(match.schedule(parse("--games", "5")), (3, 6))
        self.assertIn("5 games rounded up to 6", err.getvalue())
        self.assertEqual(match.schedule(parse("--rounds", "7")), (7, 14))

    def test_fastchess_command(self):
        args = parse("--tc", "5+0.05", "--tc-b", "10+0.1", "--concurrency", "100000", "--adjudicate", "--sprt",
                     "--elo1", "3", "--fastchess-arg=-report", "--fastchess-arg=penta=true")
        engines = [{"side": "A", "cmd": "/e/new", "name": "new", "args": "", "opts": {"Hash": "8"}},
                   {"side": "B", "cmd": "/e/old", "name": "old", "args": "-x 1", "opts": {}}]
        cmd = match.fastchess_command("/fc", args, engines, 3, ["-openings", "file=b.epd"], "/t/g.pgn", "/t")
        self.assertEqual(cmd, [
            "/fc", "-engine", "cmd=/e/new", "name=new", "tc=5+0.05", "option.Hash=8",
            "-engine", "cmd=/e/old", "name=old", "args=-x 1", "tc=10+0.1",
            "-rounds", "3", "-games", "2", "-concurrency", "100000", "-force-concurrency", "-openings", "file=b.epd",
            "-pgnout", "file=/t/g.pgn", "append=true", "-config", "outname=/t/fastchess-config.json", "-recover",
            "-resign", "movecount=3", "score=1000", "twosided=true", "-draw", "movenumber=40", "movecount=8", "score=10",
            "-sprt", "elo0=0", "elo1=3", "alpha=0.05", "beta=0.05", "model=normalized", "-report", "penta=true"])


class MatchMain(unittest.TestCase):
    """main() from end to end, with a stand-in for fastchess that prints TROUBLED."""

    def test_a_troubled_run(self):
        with tempfile.TemporaryDirectory() as d:
            fake, output, summary = (os.path.join(d, n) for n in ("fastchess", "output.txt", "summary.json"))
            with open(output, "w") as f:
                f.write(TROUBLED)
            with open(fake, "w") as f:
                f.write(f"#!{sys.executable}\nimport sys\nsys.stdout.write(open({output!r}).read())\n")
            os.chmod(fake, 0o755)
            argv = [sys.executable, "-B", os.path.join(REPO, "scripts", "match.py"), "--fastchess", fake,
                    "-a", sys.executable, "--name-a", "new", "-b", sys.executable, "--name-b", "old", "--no-probe",
                    "--games", "4", "--seed", "1", "-q", "--json", summary]
            done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
            self.assertEqual(done.returncode, 1, done.stderr)
            out = [re.sub(r", \d+s$", ", 0s", line) for line in done.stdout.splitlines()]  # the time taken
            self.assertEqual(out[-1], TROUBLED_RESULT)
            self.assertEqual(out[3:-1], TROUBLED_SUMMARY)
            with open(summary) as f:
                record = json.load(f)
            self.assertEqual((record["time_losses"], record["by_engine"]), (2, {"new": {"crash": 1},
                                                                                "old": {"time_loss": 1, "illegal_move": 1}}))


if __name__ == "__main__":
    unittest.main()
