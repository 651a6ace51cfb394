// Fuzz target: the spec loader, the model and the emitter. The input is a YAML spec file; what
// fairygen would generate from it is generated here (in memory) and checked.
//
// Properties:
//  - bad input is a spec::SpecError ("file:line:column: error: ..."); nothing else is thrown;
//  - the output is deterministic (generating twice gives the same bytes) and its file names are
//    plain (no directories);
//  - the output is plain C++ text: no control characters but newlines and tabs, no line
//    continuations, every string literal and block comment closed;
//  - spec text cannot change the code: the generated files, with comments dropped and
//    identifiers renamed one-to-one, are token for token those generated from the same variant
//    with every name and free text replaced by a neutral one (a newline in a comment, a quote
//    in a literal, a name that is not an identifier or two names that become one identifier
//    all break this);
//  - every built variant's start position loads and the interpreter plays two plies from it.
#include <algorithm>
#include <map>
#include <cctype>
#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "generator/emit/emit.hpp"
#include "generator/model/model.hpp"
#include "runtime/engine.hpp"
#include "tests/fuzz/fuzz_common.hpp"

namespace {

using namespace fairygen;
using fairy::fuzz::fail;

// ------------------------------------------------------------------ a lexer for the output

enum class Tok { Ident, Number, String, Char, Punct };
struct Token {
  Tok kind;
  std::string_view text;
};

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Generated C++ as tokens, comments dropped, read one at a time. A finding when the text is
// not plain C++.
class Lexer {
 public:
  Lexer(std::string_view code, std::string file) : code_(code), file_(std::move(file)) {
    for (std::size_t i = 0; i < code.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(code[i]);
      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
        fail("generated C++ holds no control characters", file_ + ": byte " + std::to_string(c) + " in " + context(i));
    }
    if (const std::size_t at = code.find("\\\n"); at != std::string_view::npos)
      fail("generated C++ has no line continuations", file_ + ": " + context(at));
  }

  // The next token, or false at the end.
  bool next(Token& t) {
    while (i_ < code_.size()) {
      const char c = code_[i_];
      if (c == ' ' || c == '\n' || c == '\t') {
        ++i_;
      } else if (code_.compare(i_, 2, "//") == 0) {
        i_ = std::min(code_.find('\n', i_), code_.size());
      } else if (code_.compare(i_, 2, "/*") == 0) {
        const std::size_t end = code_.find("*/", i_ + 2);
        if (end == std::string_view::npos) fail("generated block comments are closed", file_ + ": " + context(i_));
        i_ = end + 2;
      } else if (c == '"' || c == '\'') {
        std::size_t j = i_ + 1;
        while (j < code_.size() && code_[j] != c && code_[j] != '\n') j += code_[j] == '\\' ? 2 : 1;
        if (j >= code_.size() || code_[j] != c) fail("generated literals close on their line", file_ + ": " + context(i_));
        return take(c == '"' ? Tok::String : Tok::Char, j + 1, t);
      } else if (std::isdigit(static_cast<unsigned char>(c))) {
        std::size_t j = i_;
        while (j < code_.size() && (ident_char(code_[j]) || code_[j] == '.' || code_[j] == '\'')) ++j;
        return take(Tok::Number, j, t);
      } else if (ident_char(c)) {
        std::size_t j = i_;
        while (j < code_.size() && ident_char(code_[j])) ++j;
        return take(Tok::Ident, j, t);
      } else {
        return take(Tok::Punct, i_ + 1, t);
      }
    }
    return false;
  }

  const std::string& file() const { return file_; }
  std::string context() const { return context(i_); }

 private:
  bool take(Tok kind, std::size_t end, Token& t) {
    t = {kind, code_.substr(i_, end - i_)};
    i_ = end;
    return true;
  }
  std::string context(std::size_t at) const {
    const std::size_t from = at < 60 ? 0 : at - 60;
    return "..." + std::string(code_.substr(from, 120)) + "...";
  }

  std::string_view code_;
  std::string file_;
  std::size_t i_ = 0;
};

bool is_keyword(std::string_view s) {
  static const std::set<std::string_view> keywords = {
      "alignas", "alignof", "and", "asm", "auto", "bool", "break", "case", "catch", "char", "class", "concept",
      "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await", "co_return",
      "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit",
      "export", "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable",
      "namespace", "new", "noexcept", "not", "nullptr", "operator", "or", "private", "protected", "public",
      "register", "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static",
      "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local", "throw", "true",
      "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
      "wchar_t", "while", "xor", "bitand", "bitor", "compl", "not_eq", "and_eq", "or_eq", "xor_eq", "char8_t",
      "char16_t", "char32_t", "final", "override", "import", "module"};
  return keywords.count(s) > 0;
}

// The two texts are the same program up to a one-to-one renaming of identifiers (keywords are
// never renamed); literals may differ in content only.
void same_code(Lexer real, Lexer neutral) {
  std::unordered_map<std::string_view, std::string_view> to_neutral, to_real;  // renamed identifiers
  std::unordered_set<std::string_view> kept;                                   // identifiers left as they are
  Token a{}, b{};
  for (int i = 0;; ++i) {
    const bool more = real.next(a);
    if (more != neutral.next(b))
      fail("spec text does not change the generated code", real.file() + ": one text ends before the other");
    if (!more) return;
    bool same = a.kind == b.kind;
    if (same && a.kind == Tok::Ident && a.text != b.text) {
      same = !is_keyword(a.text) && !is_keyword(b.text) && !kept.count(a.text) && !kept.count(b.text) &&
             to_neutral.emplace(a.text, b.text).first->second == b.text &&
             to_real.emplace(b.text, a.text).first->second == a.text;
    } else if (same && a.kind == Tok::Ident) {
      same = !to_neutral.count(a.text) && !to_real.count(a.text);
      kept.insert(a.text);
    } else if (same && a.kind != Tok::String && a.kind != Tok::Char) {
      same = a.text == b.text;
    }
    if (!same)
      fail("spec text does not change the generated code", real.file() + ": token " + std::to_string(i) + " '" +
                                                               std::string(a.text) + "' vs '" + std::string(b.text) +
                                                               "'\n  spec:    " + real.context() +
                                                               "\n  neutral: " + neutral.context());
  }
}

// ------------------------------------------------------------------ generating

const emit::Options kOptions{FAIRY_SOURCE_DIR "/templates", "fuzz.yaml"};

std::vector<emit::Output> generate_all(const std::vector<model::Variant>& vs) {
  std::vector<emit::Output> out;
  for (const auto& v : vs)
    for (auto& o : emit::variant_module(v, kOptions)) out.push_back(std::move(o));
  out.push_back(emit::registry(vs, kOptions));
  out.push_back(emit::perft_cases(vs, kOptions));
  out.push_back(emit::perft_main(kOptions));
  return out;
}

// A variant as the spec declared it, but with neutral names and texts.
struct Neutral {
  spec::VariantSpec spec;
  model::Variant variant;
};

void neutralize(const model::Variant& v, Neutral& n) {
  n.spec = *v.spec;
  n.variant = v;
  n.variant.spec = &n.spec;
  n.spec.key = n.variant.info.key = "k0";
  n.variant.info.start_fen = "f";
  // Names renamed one-to-one: the pieces', and the catalogue pieces' whose moves they have
  // (model::Variant::moves_name), which may be one of theirs.
  std::map<std::string, std::string> neutral_name;
  for (std::size_t i = 0; i < n.variant.info.pieces.size(); ++i) {
    neutral_name[v.info.pieces[i].name] = "p" + std::to_string(i);
    n.variant.info.pieces[i].name = "p" + std::to_string(i);
    n.variant.info.pieces[i].betza = "b";
  }
  for (std::size_t i = 0; i < n.variant.moves_name.size(); ++i)
    n.variant.moves_name[i] = neutral_name.try_emplace(v.moves_name[i], "m" + std::to_string(i)).first->second;
  for (std::size_t i = 0; i < n.spec.perft.size(); ++i) {
    spec::PerftSpec& p = n.spec.perft[i];
    if (!p.name.empty()) p.name = "n" + std::to_string(i);
    p.source = "s";
    p.fen.value = "f";
  }
}

void check_plain_names(const std::vector<emit::Output>& out) {
  for (const emit::Output& o : out) {
    const bool plain = !o.name.empty() && std::all_of(o.name.begin(), o.name.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
    }) && o.name.find("..") == std::string::npos && o.name.front() != '.';
    if (!plain) fail("generated file names are plain", o.name);
  }
}

// The interpreter plays every move from the start position, and every reply.
void play_start(const fairy::VariantInfo& info) {
  const fairy::InterpretedEngine engine(info);
  fairy::Position pos(info);
  pos.set_start();
  fairy::MoveList moves;
  engine.legal_moves(pos, moves);
  for (const fairy::Move& m : moves) {
    pos.make(m);
    fairy::MoveList replies;
    engine.legal_moves(pos, replies);
    pos.unmake();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(fairy::fuzz::as_text(data, size));
  spec::SpecFile file;
  std::vector<model::Variant> variants;
  try {
    file = spec::load_string(text, "fuzz.yaml");
    variants = model::build_all(file);
  } catch (const spec::SpecError& e) {
    FUZZ_EXPECT(std::string(e.what()).rfind("fuzz.yaml", 0) == 0, e.what());
    return 0;
  }

  const std::vector<emit::Output> out = generate_all(variants), again = generate_all(variants);
  FUZZ_EXPECT(out.size() == again.size(), "output count");
  for (std::size_t i = 0; i < out.size(); ++i)
    FUZZ_EXPECT(out[i].name == again[i].name && out[i].content == again[i].content, out[i].name + " differs");
  check_plain_names(out);

  for (const model::Variant& v : variants) {
    Neutral n;
    neutralize(v, n);
    const std::vector<emit::Output> real = generate_all({v}), neutral = generate_all({n.variant});
    for (std::size_t i = 0; i < real.size(); ++i)
      same_code(Lexer(real[i].content, v.info.key + ": " + real[i].name), Lexer(neutral[i].content, "neutral"));
    play_start(v.info);
  }
  return 0;
}
