// Reading a FEN's board field, once for the two places that read one: Position::set_fen (at run
// time, with messages naming the column) and bitboard::fen_board (a generated module's start
// position, at compile time). What the tokens mean is theirs: this walks the field rank by rank
// from the top and says what stands on each square, or what is wrong.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace fairy {

// What is wrong with a board field, as read_fen_board tells its reader's fault().
enum class FenBoardFault {
  RankLength,    // '/' after a rank of `file` squares
  TooManyRanks,  // '/' after the last rank
  EmptyRun,      // a run of empty squares, `run`, of 0 or more than the `files - file` left
  RankTooLong,   // a piece or hole after the rank's last square
  Size,          // the field ends at rank `rank`, square `file`: not files x ranks squares
};

// Where a fault is: the index in the field of its first character (FenBoardFault::Size: of
// the board part's last character, 0 if it is empty), the rank (0 = the first) and the file
// the reader was at, and the run of digits (EmptyRun).
struct FenBoardPlace {
  std::size_t at = 0;
  int rank = 0, file = 0;
  std::string_view run{};
};

// Reads `text`, the board field of a files x ranks board (digits: that many empty squares, '/':
// the next rank down, '*': a hole; a piece, its letter with '+' before it or '~' after it for a
// promoted piece), calling on r:
//   r.piece(letter, mark, at)  the piece's value (or throw: unknown), letter as written (its case
//                              is its colour), mark '+', '~' or 0, at its first character's index
//   r.put(file, rank, piece)   puts it there
//   r.hole(file, rank)         a hole ('*')
//   r.hands(at)                whether a '[' at `at` begins the hands (then the board ends there);
//                              if not, '[' is read as a piece letter
//   r.fault(FenBoardFault, const FenBoardPlace&)   throws
// Returns the length of the board part of `text` (less the hands).
template <class Reader>
constexpr std::size_t read_fen_board(std::string_view text, int files, int ranks, Reader&& r) {
  constexpr int kRunCap = 1 << 20;  // more is too many anyway
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  int rank = ranks - 1, file = 0;
  std::size_t end = text.size();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '/') {
      if (file != files) r.fault(FenBoardFault::RankLength, FenBoardPlace{i, rank, file});
      if (--rank < 0) r.fault(FenBoardFault::TooManyRanks, FenBoardPlace{i, rank + 1, file});
      file = 0;
    } else if (digit(ch)) {
      std::size_t j = i;
      while (j < text.size() && digit(text[j])) ++j;
      const std::string_view run = text.substr(i, j - i);
      int n = 0;
      for (const char d : run) n = std::min(n * 10 + (d - '0'), kRunCap);
      if (n == 0 || n > files - file) r.fault(FenBoardFault::EmptyRun, FenBoardPlace{i, rank, file, run});
      file += n;
      i = j - 1;
    } else if (ch == '*') {
      if (file >= files) r.fault(FenBoardFault::RankTooLong, FenBoardPlace{i, rank, file});
      r.hole(file++, rank);
    } else if (ch == '[' && r.hands(i)) {
      end = i;
      break;
    } else {
      const std::size_t at = i;
      const bool plus = ch == '+' && i + 1 < text.size();
      const char letter = plus ? text[++i] : ch;
      const bool tilde = !plus && i + 1 < text.size() && text[i + 1] == '~';
      const auto piece = r.piece(letter, plus ? '+' : tilde ? '~' : char(0), at);
      if (file >= files) r.fault(FenBoardFault::RankTooLong, FenBoardPlace{at, rank, file});
      r.put(file++, rank, piece);
      i += tilde;
    }
  }
  if (file != files || rank != 0) r.fault(FenBoardFault::Size, FenBoardPlace{std::max<std::size_t>(end, 1) - 1, rank, file});
  return end;
}

}  // namespace fairy
