// SPDX-License-Identifier: GPL-3.0-or-later
// Loading labelled positions into the sparse data set, in parallel, with a validation split.
#include "tune/dataset.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <memory>
#include <thread>

#include "eval/evaluate.hpp"
#include "tune/games.hpp"
#include "tune/quiet.hpp"

namespace taper::tune {

namespace {

/// The taper is read from the engine's tapered_value(): it is linear in each half, and with a
/// half equal to PhaseMidgame * ScaleNormal its single integer division is exact.
constexpr int TaperUnit = PhaseMidgame * ScaleNormal;

double taper_factor(int phase, int scale, bool endgame) {
  const Score s = endgame ? Score(0, TaperUnit) : Score(TaperUnit, 0);
  return double(tapered_value(s, phase, scale)) / TaperUnit;
}

uint64_t mix(uint64_t x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// What one thread makes of its share of a chunk of lines.
struct Part {
  Dataset train, validation;
  LoadReport report;
};

/// Where a chunk of lines goes: held out whole (a --holdout file), or split by game or position.
struct ChunkInfo {
  const std::vector<GameId>* games;  ///< each line's game (GameId::number counted over the whole load)
  bool holdoutFile = false;
};

void process_lines(const std::vector<std::string>& lines, size_t begin, size_t end, size_t firstLineNumber,
                   const LoadOptions& options, const ChunkInfo& chunk, Evaluator& evaluator, Part& part) {
  LabelledPosition lp;
  std::string error;
  const uint64_t threshold = uint64_t(options.validationFraction * 1'000'000.0);
  const uint64_t seed = mix(options.splitSeed);
  for (size_t i = begin; i < end; ++i) {
    const LineStatus status = parse_labelled_line(lines[i], lp, &error);
    if (status == LineStatus::Blank) continue;
    Position pos;
    if (status == LineStatus::Position && !pos.set(lp.fen, false, &error)) error = "bad FEN: " + error;
    else if (status == LineStatus::Position) error.clear();
    if (!error.empty()) {
      ++part.report.bad;
      if (part.report.badExamples.size() < 5)
        part.report.badExamples.push_back("line " + std::to_string(firstLineNumber + i) + ": " + error + ": " +
                                          lines[i].substr(0, 120));
      continue;
    }
    ++part.report.positions;
    ++part.report.results[lp.result < 0.5 ? 0 : lp.result > 0.5 ? 2 : 1];
    const GameId& game = (*chunk.games)[i];
    const bool held = !options.holdout.empty()            ? chunk.holdoutFile
                      : options.splitBy == SplitBy::Game ? mix(game.key ^ seed) % 1'000'000 < threshold
                                                          : mix(pos.key() ^ seed) % 1'000'000 < threshold;
    if (options.resolve) {
      const QuietResult q = resolve_quiet(pos, evaluator);
      if (q == QuietResult::Terminal) {
        ++part.report.terminal;
        continue;
      }
      part.report.resolved += q == QuietResult::Resolved;
    }
    const EvalRecord r = record_evaluation(pos);
    if (r.exit != EvalExit::General) {
      ++part.report.notGeneral;
      continue;
    }
    (held ? part.validation : part.train).add(r, lp.result, lp.hasScore ? &lp.score : nullptr, game.number);
  }
}

/// The games with positions in `data` (entries are in file order, so their game numbers never fall).
std::vector<uint32_t> games_of(const Dataset& data) {
  std::vector<uint32_t> g;
  for (const Entry& e : data.entries)
    if (g.empty() || g.back() != e.game) g.push_back(e.game);
  return g;
}

void merge(LoadReport& into, const LoadReport& from) {
  into.positions += from.positions;
  into.bad += from.bad;
  into.notGeneral += from.notGeneral;
  into.resolved += from.resolved;
  into.terminal += from.terminal;
  for (int k = 0; k < 3; ++k) into.results[k] += from.results[k];
  for (const auto& e : from.badExamples)
    if (into.badExamples.size() < 5) into.badExamples.push_back(e);
}

}  // namespace

void Dataset::add(const EvalRecord& r, double whiteResult, const int* whiteScore, uint32_t game) {
  Entry e;
  e.game = game;
  e.linearBegin = uint32_t(linear.size());
  e.dangerBegin = uint32_t(danger.size());
  e.mgFactor = float(taper_factor(r.phase, r.scale, false));
  e.egFactor = float(taper_factor(r.phase, r.scale, true));
  e.baseEval = float(r.sideToMove == WHITE ? r.value : -r.value);
  e.result = e.target = float(whiteResult);
  e.hasScore = whiteScore != nullptr;
  e.score = whiteScore ? float(*whiteScore) : 0.0f;
  const std::vector<SparseCoefficient> sparse = sparse_coefficients(r);
  for (const SparseCoefficient& c : sparse)
    if (Params[c.index].kind == ParamKind::Linear && c.white != c.black)
      linear.push_back({uint16_t(c.index), int16_t(c.white - c.black)});
  e.linearCount = uint16_t(linear.size() - e.linearBegin);
  // Danger counts matter only where the curve applies: elsewhere no unit changes the value.
  for (Color c : {WHITE, BLACK}) {
    e.dangerReal[c] = r.dangerReal[c];
    e.units[c] = float(r.units[c]);
    if (!r.dangerReal[c]) continue;
    const size_t before = danger.size();
    for (const SparseCoefficient& s : sparse)
      if (Params[s.index].kind == ParamKind::Danger && (c == WHITE ? s.white : s.black))
        danger.push_back({uint16_t(s.index), c == WHITE ? s.white : s.black});
    e.dangerCount[c] = uint8_t(danger.size() - before);
  }
  entries.push_back(e);
}

void Dataset::append(const Dataset& other) {
  const uint32_t linearBase = uint32_t(linear.size()), dangerBase = uint32_t(danger.size());
  linear.insert(linear.end(), other.linear.begin(), other.linear.end());
  danger.insert(danger.end(), other.danger.begin(), other.danger.end());
  for (Entry e : other.entries) {
    e.linearBegin += linearBase;
    e.dangerBegin += dangerBase;
    entries.push_back(e);
  }
}

size_t Dataset::bytes() const {
  return entries.size() * sizeof(Entry) + linear.size() * sizeof(LinearTerm) + danger.size() * sizeof(DangerTerm);
}

bool load_dataset(const std::vector<std::string>& files, const LoadOptions& options, Dataset& train,
                  Dataset& validation, LoadReport& report, std::string* error) {
  endgames::init();
  const int threads = std::max(1, options.threads);
  std::vector<std::unique_ptr<Evaluator>> evaluators;
  for (int t = 0; t < threads; ++t) evaluators.push_back(std::make_unique<Evaluator>());
  constexpr size_t ChunkLines = 1 << 15;
  std::vector<std::string> chunk;
  std::vector<GameId> chunkGames;  // the game of each line of the chunk
  chunk.reserve(ChunkLines);
  chunkGames.reserve(ChunkLines);
  bool holdoutFile = false;

  auto run_chunk = [&](size_t firstLineNumber) {
    std::vector<Part> parts(static_cast<size_t>(threads));
    std::vector<std::thread> pool;
    const size_t n = chunk.size();
    const ChunkInfo info{&chunkGames, holdoutFile};
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        process_lines(chunk, n * size_t(t) / size_t(threads), n * size_t(t + 1) / size_t(threads), firstLineNumber,
                      options, info, *evaluators[size_t(t)], parts[size_t(t)]);
      });
    for (auto& th : pool) th.join();
    for (const Part& p : parts) {  // in line order, so the data set does not depend on timing
      train.append(p.train);
      validation.append(p.validation);
      merge(report, p.report);
    }
    chunk.clear();
    chunkGames.clear();
    if (options.progress)
      std::fprintf(stderr, "\rloading: %zu lines, %zu positions (%zu training, %zu validation)", report.lines,
                   report.positions, train.size(), validation.size());
  };

  uint32_t gamesBefore = 0;  // games of the files already read
  for (const std::string& file : files) {
    LineReader reader(file);
    if (!reader.ok()) {
      if (error) *error = reader.error();
      return false;
    }
    holdoutFile = std::find(options.holdout.begin(), options.holdout.end(), file) != options.holdout.end();
    const bool marked = file_marks_games(file);
    GameTracker tracker(marked);
    size_t fileLines = 0, firstLine = 1;
    std::string line;
    bool full = false;
    while (!full && reader.next(line)) {
      ++fileLines;
      ++report.lines;
      // The game of each line is found here, in file order (a game may span chunks); the threads
      // parse the lines, with their errors. A file with markers is not parsed here at all.
      GameId game = tracker.line(line);
      game.number += gamesBefore;
      chunkGames.push_back(game);
      chunk.push_back(std::move(line));
      full = options.limit && report.lines >= options.limit;
      if (chunk.size() == ChunkLines || full) {
        run_chunk(firstLine);
        firstLine = fileLines + 1;
      }
    }
    if (!chunk.empty()) run_chunk(firstLine);
    if (!reader.error().empty()) {
      if (error) *error = file + ": " + reader.error();
      return false;
    }
    gamesBefore += tracker.games();
    report.files.push_back(file + " (" + reader.format() + ", " + std::to_string(fileLines) + " lines, " +
                           std::to_string(tracker.games()) + (marked ? " games marked" : " games detected") +
                           (holdoutFile ? "; held out for validation" : "") + ")");
    if (full) break;
  }
  if (options.progress) std::fprintf(stderr, "\n");
  report.games = gamesBefore;
  const std::vector<uint32_t> t = games_of(train), v = games_of(validation);
  report.trainGames = t.size();
  report.validationGames = v.size();
  std::vector<uint32_t> both;
  std::set_intersection(t.begin(), t.end(), v.begin(), v.end(), std::back_inserter(both));
  report.splitGames = both.size();
  return true;
}

}  // namespace taper::tune
