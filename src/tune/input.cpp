// SPDX-License-Identifier: GPL-3.0-or-later
// Line input from plain, gzip and xz files, and the parsers of the labelled-position formats.
#include "tune/input.hpp"

#if TAPER_HAS_LZMA
#include <lzma.h>
#endif
#if TAPER_HAS_ZLIB
#include <zlib.h>
#endif

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace taper::tune {

// ---------------------------------------------------------------------------------------------
// Byte sources: plain files, gzip through zlib and xz through liblzma. A build without one of
// the libraries reports the format it cannot read instead of reading garbage.

struct LineReader::Source {
  virtual ~Source() = default;
  /// Up to `size` bytes into `out`; 0 at the end; -1 on error (with `error` set).
  virtual long read(char* out, size_t size, std::string& error) = 0;
  virtual const char* format() const = 0;
};

namespace {

class PlainSource final : public LineReader::Source {
 public:
  explicit PlainSource(std::FILE* f) : file_(f) {}
  ~PlainSource() override { std::fclose(file_); }
  long read(char* out, size_t size, std::string& error) override {
    size_t n = std::fread(out, 1, size, file_);
    if (n == 0 && std::ferror(file_)) {
      error = std::string("read error: ") + std::strerror(errno);
      return -1;
    }
    return long(n);
  }
  const char* format() const override { return "plain"; }

 private:
  std::FILE* file_;
};

#if TAPER_HAS_ZLIB
class GzipSource final : public LineReader::Source {
 public:
  GzipSource(gzFile f, bool compressed) : file_(f), compressed_(compressed) { gzbuffer(file_, 1 << 17); }
  ~GzipSource() override { gzclose(file_); }
  long read(char* out, size_t size, std::string& error) override {
    int n = gzread(file_, out, unsigned(size));
    if (n < 0) {
      int code = 0;
      error = gzerror(file_, &code);
      return -1;
    }
    return n;
  }
  const char* format() const override { return compressed_ ? "gzip" : "plain"; }

 private:
  gzFile file_;
  bool compressed_;
};
#endif

#if TAPER_HAS_LZMA
class XzSource final : public LineReader::Source {
 public:
  explicit XzSource(std::FILE* f) : file_(f), in_(1 << 17) {}
  ~XzSource() override {
    lzma_end(&stream_);
    std::fclose(file_);
  }
  bool init(std::string& error) {
    if (lzma_stream_decoder(&stream_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
      error = "liblzma: cannot initialise the decoder";
      return false;
    }
    return true;
  }
  long read(char* out, size_t size, std::string& error) override {
    if (finished_) return 0;
    stream_.next_out = reinterpret_cast<uint8_t*>(out);
    stream_.avail_out = size;
    while (stream_.avail_out == size) {
      lzma_action action = LZMA_RUN;
      if (stream_.avail_in == 0) {
        size_t n = std::fread(in_.data(), 1, in_.size(), file_);
        stream_.next_in = in_.data();
        stream_.avail_in = n;
        if (n == 0) action = LZMA_FINISH;
      }
      lzma_ret ret = lzma_code(&stream_, action);
      if (ret == LZMA_STREAM_END) {
        finished_ = true;
        break;
      }
      if (ret != LZMA_OK) {
        error = ret == LZMA_DATA_ERROR ? "xz: corrupt data" : ret == LZMA_BUF_ERROR ? "xz: truncated file" : "xz: decoder error";
        return -1;
      }
    }
    return long(size - stream_.avail_out);
  }
  const char* format() const override { return "xz"; }

 private:
  std::FILE* file_;
  std::vector<uint8_t> in_;
  lzma_stream stream_ = LZMA_STREAM_INIT;
  bool finished_ = false;
};
#endif

}  // namespace

LineReader::LineReader(const std::string& path) : buffer_(1 << 18) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error_ = "cannot open " + path + ": " + std::strerror(errno);
    return;
  }
  unsigned char magic[6] = {};
  size_t got = std::fread(magic, 1, sizeof magic, f);
  static constexpr unsigned char XzMagic[6] = {0xFD, '7', 'z', 'X', 'Z', 0x00};
  std::rewind(f);
  if (got == 6 && std::memcmp(magic, XzMagic, 6) == 0) {
#if TAPER_HAS_LZMA
    auto xz = std::make_unique<XzSource>(f);
    if (xz->init(error_)) source_ = std::move(xz);
#else
    std::fclose(f);
    error_ = path + " is xz-compressed, and this build has no liblzma: decompress it first (unxz)";
#endif
    return;
  }
  if (got >= 2 && magic[0] == 0x1F && magic[1] == 0x8B) {
    std::fclose(f);
#if TAPER_HAS_ZLIB
    gzFile gz = gzopen(path.c_str(), "rb");
    if (!gz) {
      error_ = "cannot open " + path;
      return;
    }
    source_ = std::make_unique<GzipSource>(gz, true);
#else
    error_ = path + " is gzip-compressed, and this build has no zlib: decompress it first (gunzip)";
#endif
    return;
  }
  source_ = std::make_unique<PlainSource>(f);
}

LineReader::~LineReader() = default;

const char* LineReader::format() const { return source_ ? source_->format() : "none"; }

bool LineReader::refill() {
  if (eof_ || !source_) return false;
  // Keep the unfinished line at the front; grow the buffer if a single line fills it.
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ == buffer_.size()) buffer_.resize(buffer_.size() * 2);
  long n = source_->read(buffer_.data() + end_, buffer_.size() - end_, error_);
  if (n <= 0) {
    eof_ = true;
    return false;
  }
  end_ += size_t(n);
  return true;
}

bool LineReader::next(std::string& line) {
  if (!source_) return false;
  size_t scanned = begin_;
  for (;;) {
    const char* start = buffer_.data() + scanned;
    const void* nl = std::memchr(start, '\n', end_ - scanned);
    if (nl) {
      size_t pos = size_t(static_cast<const char*>(nl) - buffer_.data());
      line.assign(buffer_.data() + begin_, pos - begin_);
      begin_ = pos + 1;
      break;
    }
    const size_t seen = end_ - begin_;  // bytes of the unfinished line already scanned
    if (!refill()) {
      if (begin_ == end_) return false;
      line.assign(buffer_.data() + begin_, end_ - begin_);  // last line without a newline
      begin_ = end_;
      break;
    }
    scanned = begin_ + seen;  // refill moved the unfinished line to the front
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

// ---------------------------------------------------------------------------------------------
// Line formats

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

/// Splits off the next whitespace-separated token.
std::string_view next_token(std::string_view& s) {
  s = trim(s);
  size_t n = 0;
  while (n < s.size() && !std::isspace(static_cast<unsigned char>(s[n]))) ++n;
  std::string_view t = s.substr(0, n);
  s.remove_prefix(n);
  return t;
}

bool is_integer(std::string_view t) {
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) t.remove_prefix(1);
  if (t.empty()) return false;
  for (char ch : t)
    if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
  return true;
}

/// A result written as 1-0 / 0-1 / 1/2-1/2, or as a number in [0, 1].
bool parse_result(std::string_view t, double& out) {
  t = trim(t);
  if (t == "1-0") return out = 1.0, true;
  if (t == "0-1") return out = 0.0, true;
  if (t == "1/2-1/2" || t == "1/2") return out = 0.5, true;
  if (t.empty() || t.size() > 16) return false;
  char buf[24];
  std::memcpy(buf, t.data(), t.size());
  buf[t.size()] = '\0';
  char* end = nullptr;
  double v = std::strtod(buf, &end);
  if (end != buf + t.size() || !(v >= 0.0 && v <= 1.0)) return false;
  out = v;
  return true;
}

bool fail(std::string* error, const char* why) {
  if (error) *error = why;
  return false;
}

/// The FEN at the start of `s` (4 fields, plus the two move counters when present); `s` keeps
/// what follows.
bool take_fen(std::string_view& s, std::string& fen, std::string* error) {
  std::string_view f[4];
  for (auto& field : f)
    if ((field = next_token(s)).empty()) return fail(error, "fewer than four FEN fields");
  if (std::count(f[0].begin(), f[0].end(), '/') != 7) return fail(error, "the board field does not have 8 ranks");
  fen.assign(f[0]);
  for (int i = 1; i < 4; ++i) (fen += ' ') += f[i];
  // Optional halfmove and fullmove counters (EPD lines have none; `hmvc` opcodes are ignored).
  std::string_view rest = s, half = next_token(rest), full = next_token(rest);
  if (is_integer(half) && is_integer(full) && half[0] != '-' && full[0] != '-') {
    ((fen += ' ') += half) += ' ';
    fen += full;
    s = rest;
  }
  return true;
}

}  // namespace

LineStatus parse_labelled_line(std::string_view line, LabelledPosition& out, std::string* error) {
  line = trim(line);
  if (line.empty() || line[0] == '#') return LineStatus::Blank;
  out.hasScore = false;
  out.score = 0;

  // Taper's datagen format: FEN | score | result.
  if (size_t bar = line.find('|'); bar != std::string_view::npos) {
    std::string_view fenPart = line.substr(0, bar), rest = line.substr(bar + 1);
    size_t bar2 = rest.find('|');
    if (bar2 == std::string_view::npos) return fail(error, "'FEN | score | result' needs two '|'"), LineStatus::Bad;
    std::string_view score = trim(rest.substr(0, bar2)), result = trim(rest.substr(bar2 + 1));
    if (!take_fen(fenPart, out.fen, error)) return LineStatus::Bad;
    if (!trim(fenPart).empty()) return fail(error, "unexpected text after the FEN"), LineStatus::Bad;
    if (!is_integer(score)) return fail(error, "the score is not an integer"), LineStatus::Bad;
    if (!parse_result(result, out.result)) return fail(error, "bad result"), LineStatus::Bad;
    out.hasScore = true;
    out.score = std::atoi(std::string(score).c_str());
    return LineStatus::Position;
  }

  std::string_view rest = line;
  if (!take_fen(rest, out.fen, error)) return LineStatus::Bad;
  rest = trim(rest);

  // `[1.0]`: Ethereal-style; a score may follow and is ignored (its point of view is not known).
  if (!rest.empty() && rest[0] == '[') {
    size_t close = rest.find(']');
    if (close == std::string_view::npos || !parse_result(rest.substr(1, close - 1), out.result))
      return fail(error, "bad [result]"), LineStatus::Bad;
    return LineStatus::Position;
  }
  // EPD opcodes: the first quoted string that is a result (c9 "1-0"; result "1/2-1/2"; ...).
  for (size_t q = rest.find('"'); q != std::string_view::npos;) {
    size_t close = rest.find('"', q + 1);
    if (close == std::string_view::npos) break;
    if (parse_result(rest.substr(q + 1, close - q - 1), out.result)) return LineStatus::Position;
    q = rest.find('"', close + 1);
  }
  // A bare result token: `FEN 1-0` or `FEN 0.5`.
  std::string_view t = next_token(rest);
  if (!t.empty() && trim(rest).empty()) {
    if (t.back() == ';') t.remove_suffix(1);
    if (parse_result(t, out.result)) return LineStatus::Position;
  }
  return fail(error, "no result found"), LineStatus::Bad;
}

std::string format_game_end_line(double result) {
  return result > 0.5 ? "# game 1-0" : result < 0.5 ? "# game 0-1" : "# game 1/2-1/2";
}

std::string format_datagen_line(const std::string& fen, int whiteScore, double result) {
  char buf[64];
  std::snprintf(buf, sizeof buf, " | %d | %.1f", whiteScore, result);
  return fen + buf;
}

}  // namespace taper::tune
