//===- Schema.cpp - Printing and parsing operator schemas -----------------===//
///
/// \file
/// The printer reproduces torch 2.11's `str(FunctionSchema)` (c10's Argument,
/// AliasInfo and IValue printers); the parser follows torch's SchemaParser and
/// lexer, restricted to the types the model can hold.
///
/// torch's printer spells three things in a way its own parser rejects or
/// reads differently: a bare `Tensor!` (printed `Tensor($0! -> )`), an alias
/// on an optional list element (`Tensor(a!)?[]` printed `Tensor?(a!)[]`), and
/// an int list default of equal elements whose length is not the fixed size
/// (`int[] x=[0, 0]` printed `int[] x=0`). printSchema() keeps torch's
/// spelling so its output can be compared with torch's; the other printers use
/// the definition form, which differs only there and always parses back.
///
/// Alias sets print in the order written. torch keeps them in a hash set and
/// prints `(a|b)` as `(b|a)` but `(b|a)` as `(a|b)`, which no printer whose
/// output parses back to the same model can follow.
//===----------------------------------------------------------------------===//

#include "opgen/model/Schema.h"
#include "opgen/support/Quote.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <utility>

namespace opgen {

namespace {

enum class Form { Torch, Definition };

constexpr std::pair<BaseType, std::string_view> BaseTypeNames[] = {
    {BaseType::Tensor, "Tensor"}, {BaseType::Int, "int"},
    {BaseType::SymInt, "SymInt"}, {BaseType::Float, "float"},
    {BaseType::Bool, "bool"},     {BaseType::Str, "str"},
    {BaseType::Scalar, "Scalar"}, {BaseType::ScalarType, "ScalarType"},
    {BaseType::Layout, "Layout"}, {BaseType::MemoryFormat, "MemoryFormat"},
    {BaseType::Device, "Device"}, {BaseType::Generator, "Generator"},
};

/// Words torch's lexer turns into keyword tokens; none can name anything.
constexpr std::string_view Keywords[] = {
    "Ellipsis", "False", "None",   "NoneType", "True",   "and",   "as",
    "assert",   "break", "class",  "continue", "def",    "del",   "elif",
    "else",     "for",   "global", "if",       "import", "in",    "is",
    "not",      "or",    "pass",   "raise",    "return", "while", "with",
};

/// Identifiers torch accepts as an integer default of any type (they stand
/// for c10 enum values).
constexpr std::pair<std::string_view, int64_t> EnumDefaultNames[] = {
    {"float", 6},   {"complex", 9}, {"long", 4},
    {"strided", 0}, {"Mean", 1},    {"contiguous_format", 0},
};

/// Dtype names torch accepts as a ScalarType default, with their
/// c10::ScalarType values in torch 2.11.
constexpr std::pair<std::string_view, int64_t> ScalarTypeNames[] = {
    {"uint8", 0},
    {"int8", 1},
    {"int16", 2},
    {"short", 2},
    {"int", 3},
    {"int32", 3},
    {"int64", 4},
    {"float16", 5},
    {"half", 5},
    {"float32", 6},
    {"double", 7},
    {"float64", 7},
    {"chalf", 8},
    {"complex32", 8},
    {"cfloat", 9},
    {"complex64", 9},
    {"cdouble", 10},
    {"complex128", 10},
    {"bool", 11},
    {"qint8", 12},
    {"quint8", 13},
    {"qint32", 14},
    {"bfloat16", 15},
    {"quint4x2", 16},
    {"quint2x4", 17},
    {"bits1x8", 18},
    {"bits2x4", 19},
    {"bits4x2", 20},
    {"bits8", 21},
    {"bits16", 22},
    {"float8_e5m2", 23},
    {"float8_e4m3fn", 24},
    {"float8_e5m2fnuz", 25},
    {"float8_e4m3fnuz", 26},
    {"uint16", 27},
    {"uint32", 28},
    {"uint64", 29},
    {"bit", 30},
    {"uint1", 30},
    {"uint2", 31},
    {"uint3", 32},
    {"uint4", 33},
    {"uint5", 34},
    {"uint6", 35},
    {"uint7", 36},
    {"int1", 37},
    {"int2", 38},
    {"int3", 39},
    {"int4", 40},
    {"int5", 41},
    {"int6", 42},
    {"int7", 43},
    {"float8_e8m0fnu", 44},
    {"float4_e2m1fn_x2", 45},
};

template <typename Table>
std::optional<int64_t> lookup(const Table &T, std::string_view Name) {
  for (const auto &[Key, Value] : T)
    if (Key == Name)
      return Value;
  return std::nullopt;
}

/// The longest fixed-size list one default value may stand for
/// (`int[2] x=1` means `[1, 1]`). torch would build the whole list, however
/// long; opgen refuses `int[2000000000] x=1` rather than allocate gigabytes.
constexpr int64_t MaxRepeatedDefault = 1024;

bool isKeyword(std::string_view S) {
  return std::find(std::begin(Keywords), std::end(Keywords), S) !=
         std::end(Keywords);
}

bool isIdentStart(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '_';
}

bool isIdentChar(char C) {
  return isIdentStart(C) || std::isdigit(static_cast<unsigned char>(C));
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// IValue's double printer: integral values as `1.`, others with
/// max_digits10 significant digits (`1.0000000000000001e-05`).
std::string printDouble(double D) {
  int Class = std::fpclassify(D);
  // torch tests `double(int64_t(d)) == d`; the range check keeps that cast
  // defined here.
  if ((Class == FP_NORMAL || Class == FP_ZERO) && D >= -0x1p63 && D < 0x1p63 &&
      D == std::trunc(D))
    return std::to_string(static_cast<int64_t>(D)) + ".";
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.17g", D);
  return Buf;
}

/// A string default as torch prints it (support/Quote.h).
std::string printQuoted(std::string_view S) {
  return quoteString(S, QuoteStyle::TorchSchema);
}

template <typename T, typename Fn>
std::string printList(const std::vector<T> &L, Fn PrintElement) {
  std::string Out = "[";
  for (size_t I = 0; I < L.size(); ++I) {
    if (I)
      Out += ", ";
    Out += PrintElement(L[I]);
  }
  return Out + "]";
}

std::string printBool(bool B) { return B ? "True" : "False"; }

std::string printDefaultIn(Form F, const DefaultValue &V, const Type &T) {
  struct Visitor {
    Form F;
    const Type &T;
    std::string operator()(std::monostate) const { return "None"; }
    std::string operator()(bool B) const { return printBool(B); }
    std::string operator()(int64_t I) const { return std::to_string(I); }
    std::string operator()(double D) const { return printDouble(D); }
    std::string operator()(const std::string &S) const {
      return printQuoted(S);
    }
    std::string operator()(const DefaultValue::IntList &L) const {
      // torch prints `int[2] x=[1, 1]` as `int[2] x=1`, like
      // native_functions.yaml; the definition form only does so where the
      // length is the fixed size, since only there it parses back.
      bool AllSame = L.size() > 1 &&
                     std::all_of(L.begin(), L.end(),
                                 [&](int64_t I) { return I == L.front(); });
      bool Collapse = AllSame && T.IsList && !T.Optional &&
                      !T.ElementOptional && T.Base == BaseType::Int &&
                      (F == Form::Torch ||
                       (T.FixedSize && size_t(*T.FixedSize) == L.size() &&
                        *T.FixedSize <= MaxRepeatedDefault));
      if (Collapse)
        return std::to_string(L.front());
      return printList(L, [](int64_t I) { return std::to_string(I); });
    }
    std::string operator()(const DefaultValue::FloatList &L) const {
      return printList(L, printDouble);
    }
    std::string operator()(const DefaultValue::BoolList &L) const {
      return printList(L, printBool);
    }
  };
  return std::visit(Visitor{F, T}, V.Value);
}

class Printer {
public:
  explicit Printer(Form Spelling) : F(Spelling) {}

  std::string take() { return std::move(Out); }

  void type(const Type &T) {
    Out += baseTypeName(T.Base);
    // torch prints the alias of an optional list element after its `?`.
    bool AliasAfterQuestion = F == Form::Torch && T.ElementOptional;
    if (T.ElementAlias && !AliasAfterQuestion)
      alias(*T.ElementAlias);
    if (T.ElementOptional)
      Out += '?';
    if (T.ElementAlias && AliasAfterQuestion)
      alias(*T.ElementAlias);
    if (T.IsList) {
      Out += '[';
      if (T.FixedSize)
        Out += std::to_string(*T.FixedSize);
      Out += ']';
    }
    if (T.ListAlias)
      alias(*T.ListAlias);
    if (T.Optional)
      Out += '?';
  }

  void argument(const Argument &A) {
    type(A.Ty);
    Out += ' ';
    Out += A.Name;
    if (A.Default) {
      Out += '=';
      Out += printDefaultIn(F, *A.Default, A.Ty);
    }
  }

  void signature(const OpSchema &S) {
    Out += '(';
    bool SeenKwargOnly = false;
    for (size_t I = 0; I < S.Arguments.size(); ++I) {
      if (I)
        Out += ", ";
      if (S.Arguments[I].KwargOnly && !SeenKwargOnly) {
        Out += "*, ";
        SeenKwargOnly = true;
      }
      argument(S.Arguments[I]);
    }
    Out += ") -> ";
    bool Parenthesize = S.Returns.size() != 1;
    if (Parenthesize)
      Out += '(';
    for (size_t I = 0; I < S.Returns.size(); ++I) {
      if (I)
        Out += ", ";
      type(S.Returns[I].Ty);
      if (!S.Returns[I].Name.empty()) {
        Out += ' ';
        Out += S.Returns[I].Name;
      }
    }
    if (Parenthesize)
      Out += ')';
  }

private:
  void alias(const AliasInfo &A) {
    if (A.BeforeSets.empty()) {
      // A bare `!`. torch's parser gives it the set `$N` (counting bare `!`s
      // through the schema) and an empty after-set, and prints exactly that.
      if (!A.IsWrite)
        return;
      if (F == Form::Definition)
        Out += '!';
      else
        Out += "($" + std::to_string(NextBareWriteId++) + "! -> )";
      return;
    }
    Out += '(';
    join(A.BeforeSets);
    if (A.IsWrite)
      Out += '!';
    if (!A.AfterSets.empty()) {
      Out += " -> ";
      join(A.AfterSets);
    }
    Out += ')';
  }

  void join(const std::vector<std::string> &Sets) {
    for (size_t I = 0; I < Sets.size(); ++I) {
      if (I)
        Out += '|';
      Out += Sets[I];
    }
  }

  Form F;
  unsigned NextBareWriteId = 0;
  std::string Out;
};

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

enum class TokKind {
  End,
  Ident,
  Keyword,
  Number,
  String,
  BareWriteId, ///< `$0`: torch's printed name for a bare `!`.
  Arrow,
  Dots,
  Punct,
};

struct Token {
  TokKind Kind = TokKind::End;
  size_t Offset = 0;
  std::string_view Text;

  bool is(char C) const { return Kind == TokKind::Punct && Text[0] == C; }
  bool isKeyword(std::string_view K) const {
    return Kind == TokKind::Keyword && Text == K;
  }
};

/// A default value before it is checked against the argument's type.
using Constant =
    std::variant<std::monostate, bool, int64_t, double, std::string>;

/// The first error of a parse: where and what.
struct ParseFailure {
  bool Failed = false;
  size_t Offset = 0;
  std::string Message;

  /// Records the first error; returns false so callers can bail out.
  bool fail(size_t At, std::string Why) {
    if (!Failed) {
      Failed = true;
      Offset = At;
      Message = std::move(Why);
    }
    return false;
  }
};

/// The schema's tokens, as torch's schema lexer makes them; an error ends
/// the input (an End token) and is recorded in the ParseFailure.
class Lexer {
public:
  Lexer(std::string_view Text, ParseFailure &Err) : Src(Text), Err(Err) {}

  /// Mirrors torch's lexer: blanks, comments and backslash-newlines are
  /// skipped; newlines only inside brackets or around the whole schema.
  Token lex() {
    bool NewlineBefore = false;
    while (Pos < Src.size()) {
      char C = Src[Pos];
      if (C == '\n') {
        NewlineBefore |= Depth == 0;
        ++Pos;
      } else if (C == '\\' && Src[Pos + 1] == '\n') {
        Pos += 2;
      } else if (C == '#') {
        while (Pos < Src.size() && Src[Pos] != '\n')
          ++Pos;
      } else if (std::isspace(static_cast<unsigned char>(C))) {
        ++Pos;
      } else {
        break;
      }
    }
    if (Pos == Src.size())
      return make(TokKind::End, 0);
    if (NewlineBefore && SeenToken) {
      Err.fail(Pos, "unexpected newline outside parentheses");
      return make(TokKind::End, 0);
    }
    SeenToken = true;

    char C = Src[Pos];
    // Numbers are what strtod reads, as in torch (`1e5`, `.5`, `0x10`); a
    // trailing `j` makes them complex.
    if (std::isdigit(static_cast<unsigned char>(C)) || C == '.') {
      const char *Begin = Src.c_str() + Pos;
      char *End = nullptr;
      std::strtod(Begin, &End);
      size_t Len = End - Begin;
      if (Len) {
        if (Begin[Len] == 'j')
          ++Len;
        return make(TokKind::Number, Len);
      }
    }
    if (C == '\'' || C == '"')
      return lexString(C);
    if (isIdentStart(C)) {
      size_t Len = 1;
      while (isIdentChar(Src[Pos + Len]))
        ++Len;
      bool Kw = isKeyword(std::string_view(Src).substr(Pos, Len));
      return make(Kw ? TokKind::Keyword : TokKind::Ident, Len);
    }
    if (C == '$' && std::isdigit(static_cast<unsigned char>(Src[Pos + 1]))) {
      size_t Len = 1;
      while (std::isdigit(static_cast<unsigned char>(Src[Pos + Len])))
        ++Len;
      return make(TokKind::BareWriteId, Len);
    }
    if (Src.compare(Pos, 2, "->") == 0)
      return make(TokKind::Arrow, 2);
    if (Src.compare(Pos, 3, "...") == 0)
      return make(TokKind::Dots, 3);
    if (std::string_view("()[],?!*|=:.-").find(C) != std::string_view::npos) {
      if (C == '(' || C == '[')
        ++Depth;
      else if ((C == ')' || C == ']') && Depth)
        --Depth;
      return make(TokKind::Punct, 1);
    }
    Err.fail(Pos, std::string("unexpected character '") + C + "'");
    return make(TokKind::End, 0);
  }

private:
  Token make(TokKind Kind, size_t Len) {
    Token T{Kind, Pos, std::string_view(Src).substr(Pos, Len)};
    Pos += Len;
    return T;
  }

  /// A string literal in 1 or 3 quotes; a backslash skips the next character.
  Token lexString(char Quote) {
    std::string Triple(3, Quote);
    size_t QuoteLen = Src.compare(Pos, 3, Triple) == 0 ? 3 : 1;
    std::string_view Closing = std::string_view(Triple).substr(0, QuoteLen);
    size_t I = Pos + QuoteLen;
    while (I < Src.size() && Src.compare(I, QuoteLen, Closing) != 0) {
      if (Src[I] == '\n' && QuoteLen == 1)
        break;
      if (Src[I] == '\\')
        ++I;
      ++I;
    }
    if (I >= Src.size() || Src[I] == '\n') {
      Err.fail(Pos, "unterminated string literal");
      return make(TokKind::End, 0);
    }
    return make(TokKind::String, I + QuoteLen - Pos);
  }

  std::string Src;
  size_t Pos = 0;
  unsigned Depth = 0; ///< Brackets open: newlines are blanks inside them.
  bool SeenToken = false;
  ParseFailure &Err;
};

/// torch's parseStringLiteral: `\\ \' \" \a \b \f \n \t \v`,
/// backslash-newline and three-digit octal escapes.
bool unquote(const Token &T, std::string &Out, ParseFailure &Err) {
  size_t QuoteLen =
      T.Text.size() >= 6 && T.Text[1] == T.Text[0] && T.Text[2] == T.Text[0]
          ? 3
          : 1;
  std::string_view Body =
      T.Text.substr(QuoteLen, T.Text.size() - 2 * QuoteLen);
  for (size_t I = 0; I < Body.size(); ++I) {
    if (Body[I] != '\\') {
      Out += Body[I];
      continue;
    }
    char E = Body[++I];
    switch (E) {
    case '\\':
    case '\'':
    case '"':
    case '\n':
      Out += E;
      break;
    case 'a':
      Out += '\a';
      break;
    case 'b':
      Out += '\b';
      break;
    case 'f':
      Out += '\f';
      break;
    case 'n':
      Out += '\n';
      break;
    case 't':
      Out += '\t';
      break;
    case 'v':
      Out += '\v';
      break;
    case 'x':
      return Err.fail(T.Offset, "hex escapes are not supported");
    case 'u':
    case 'U':
    case 'N':
      return Err.fail(T.Offset, "unicode escapes are not supported");
    default: {
      auto IsOctal = [](char D) { return D >= '0' && D <= '7'; };
      if (I + 3 > Body.size() || !IsOctal(Body[I]) || !IsOctal(Body[I + 1]) ||
          !IsOctal(Body[I + 2]))
        return Err.fail(T.Offset, "ill-formed escape (octal escapes take "
                              "three digits)");
      int V = (Body[I] - '0') * 64 + (Body[I + 1] - '0') * 8 +
              (Body[I + 2] - '0');
      if (V > 255)
        return Err.fail(T.Offset, "octal escape out of range");
      Out += static_cast<char>(V);
      I += 2;
    }
    }
  }
  return true;
}

class Parser {
public:
  explicit Parser(std::string_view Text) : Lex(Text, Err) {}

  llvm::Expected<OpSchema> parse() {
    advance();
    OpSchema S;
    if (parseName(S) && parseArguments(S) && parseReturns(S) &&
        Cur.Kind != TokKind::End)
      fail(Cur.Offset, "unexpected " + describe(Cur) + " after the schema");
    if (!Err.Failed)
      return S;
    return llvm::make_error<SchemaParseError>(Err.Offset, Err.Message);
  }

private:
private:
  bool fail(size_t Offset, std::string Message) {
    return Err.fail(Offset, std::move(Message));
  }

  static std::string describe(const Token &T) {
    if (T.Kind == TokKind::End)
      return "end of input";
    return "'" + std::string(T.Text) + "'";
  }

  void advance() { Cur = Lex.lex(); }

  bool consume(char C) {
    if (!Cur.is(C))
      return false;
    advance();
    return true;
  }

  bool expect(char C) {
    if (consume(C))
      return true;
    return fail(Cur.Offset,
                std::string("expected '") + C + "' but found " + describe(Cur));
  }

  bool expectIdent(std::string &Out, std::string_view What) {
    if (Cur.Kind != TokKind::Ident)
      return fail(Cur.Offset, "expected " + std::string(What) + " but found " +
                                  describe(Cur));
    Out = Cur.Text;
    advance();
    return true;
  }

  bool parseName(OpSchema &S) {
    std::string First;
    if (!expectIdent(First, "an operator name"))
      return false;
    if (consume(':')) {
      S.Namespace = std::move(First);
      if (!expect(':') || !expectIdent(S.Name, "an operator name"))
        return false;
    } else {
      S.Name = std::move(First);
    }
    if (consume('.')) {
      size_t At = Cur.Offset;
      if (!expectIdent(S.Overload, "an overload name"))
        return false;
      // torch reserves these for OpOverloadPacket attributes.
      if (S.Overload == "default" || S.Overload.compare(0, 2, "__") == 0)
        return fail(At, "'" + S.Overload + "' is not a valid overload name");
    }
    return true;
  }

  bool parseArguments(OpSchema &S) {
    if (!expect('('))
      return false;
    bool KwargOnly = false;
    bool SeenDefault = false;
    if (!Cur.is(')')) {
      do {
        if (consume('*')) {
          KwargOnly = true;
          continue;
        }
        size_t At = Cur.Offset;
        Argument A;
        A.KwargOnly = KwargOnly;
        if (!parseArgument(A))
          return false;
        // torch's FunctionSchema check, which exempts lists for BC.
        bool PlainList = A.Ty.IsList && !A.Ty.Optional;
        if (SeenDefault && !A.Default && !KwargOnly && !PlainList)
          return fail(At, "positional argument '" + A.Name +
                              "' without a default follows one with a "
                              "default");
        SeenDefault |= A.Default.has_value();
        S.Arguments.push_back(std::move(A));
      } while (consume(','));
    }
    return expect(')');
  }

  bool parseArgument(Argument &A) {
    if (!parseType(A.Ty) || !expectIdent(A.Name, "an argument name"))
      return false;
    if (!consume('='))
      return true;
    A.Default.emplace();
    return parseDefault(A.Ty, *A.Default);
  }

  bool parseReturns(OpSchema &S) {
    if (Cur.Kind != TokKind::Arrow)
      return fail(Cur.Offset, "expected '->' but found " + describe(Cur));
    advance();
    if (!consume('('))
      return parseReturn(S);
    if (!Cur.is(')')) {
      do {
        if (!parseReturn(S))
          return false;
      } while (consume(','));
    }
    return expect(')');
  }

  bool parseReturn(OpSchema &S) {
    Return R;
    if (!parseType(R.Ty))
      return false;
    if (Cur.Kind == TokKind::Ident) {
      R.Name = Cur.Text;
      advance();
    }
    S.Returns.push_back(std::move(R));
    return true;
  }

  /// Base [alias] [? [alias]] [`[`[N]`]` [alias] [?]]. The alias after `?` is
  /// torch's printed spelling of `Tensor(a!)?[]`.
  bool parseType(Type &T) {
    if (Cur.Kind == TokKind::Dots)
      return fail(Cur.Offset, "varargs '...' are not supported");
    if (Cur.Kind != TokKind::Ident)
      return fail(Cur.Offset, "expected a type but found " + describe(Cur));
    auto It = std::find_if(std::begin(BaseTypeNames), std::end(BaseTypeNames),
                           [&](const auto &E) { return E.second == Cur.Text; });
    if (It == std::end(BaseTypeNames))
      return fail(Cur.Offset, "unknown type " + describe(Cur));
    T.Base = It->first;
    advance();
    if ((Cur.is('(') || Cur.is('!')) && !parseAlias(T.ElementAlias))
      return false;
    if (consume('?')) {
      bool AliasAfterQuestion = Cur.is('(') && !T.ElementAlias;
      if (AliasAfterQuestion && !parseAlias(T.ElementAlias))
        return false;
      if (Cur.is('['))
        T.ElementOptional = true;
      else if (AliasAfterQuestion)
        return fail(Cur.Offset, "an alias annotation goes before '?' "
                                "unless '[]' follows");
      else
        T.Optional = true;
    }
    if (!T.Optional && consume('[')) {
      T.IsList = true;
      if (Cur.Kind == TokKind::Number) {
        size_t At = Cur.Offset;
        // torch reads the size with stoll: `2.0` is 2, `0x2` is 0.
        errno = 0;
        long long N = std::strtoll(std::string(Cur.Text).c_str(), nullptr, 10);
        if (errno == ERANGE || N > INT32_MAX)
          return fail(At, "list size out of range");
        T.FixedSize = N;
        advance();
      }
      if (!expect(']'))
        return false;
      if ((Cur.is('(') || Cur.is('!')) && !parseAlias(T.ListAlias))
        return false;
      T.Optional = consume('?');
    }
    if (Cur.is('[') || Cur.is('?'))
      return fail(Cur.Offset, "nested list and optional types are not "
                              "supported");
    if (Cur.is('(') || Cur.is('!'))
      return fail(Cur.Offset, "an alias annotation goes right after the type "
                              "name or its '[]', before '?'");
    return true;
  }

  /// `(a|b! -> c)`, `(*)`, bare `!`, or torch's printed bare `!`:
  /// `($0! -> )`.
  bool parseAlias(std::optional<AliasInfo> &Out) {
    AliasInfo &A = Out.emplace();
    if (consume('!')) {
      A.IsWrite = true;
      return true;
    }
    if (!expect('('))
      return false;
    if (Cur.Kind == TokKind::BareWriteId) {
      advance();
      A.IsWrite = true;
      if (!expect('!'))
        return false;
      if (Cur.Kind != TokKind::Arrow)
        return fail(Cur.Offset, "expected '->' in torch's spelling of a bare "
                                "'!' alias ('($0! -> )')");
      advance();
      return expect(')');
    }
    if (!parseAliasSets(A.BeforeSets))
      return false;
    A.IsWrite = consume('!');
    if (Cur.Kind == TokKind::Arrow) {
      advance();
      if (!parseAliasSets(A.AfterSets))
        return false;
      // torch stores sets; an unchanged set prints without the arrow.
      auto Before = A.BeforeSets, After = A.AfterSets;
      std::sort(Before.begin(), Before.end());
      std::sort(After.begin(), After.end());
      if (Before == After)
        A.AfterSets.clear();
    }
    return expect(')');
  }

  /// `a|b|*`. Names may repeat (torch keeps a set); after the wildcard only
  /// more wildcards may follow.
  bool parseAliasSets(std::vector<std::string> &Sets) {
    do {
      std::string Name;
      if (consume('*'))
        Name = "*";
      else if (std::find(Sets.begin(), Sets.end(), "*") != Sets.end())
        return fail(Cur.Offset, "only '*' may follow the wildcard '*'");
      else if (!expectIdent(Name, "an alias set name"))
        return false;
      if (std::find(Sets.begin(), Sets.end(), Name) == Sets.end())
        Sets.push_back(std::move(Name));
    } while (consume('|'));
    return true;
  }

  /// Reads a default the way torch's parseDefaultValue does: the literal
  /// decides the kind (`1` is an int even for `float?`), except that plain
  /// float arguments and float lists read every number as a float.
  bool parseDefault(const Type &T, DefaultValue &D) {
    size_t At = Cur.Offset;
    if (T.IsList && !T.Optional)
      return parseListDefault(T, D);
    if (!T.Optional &&
        (T.Base == BaseType::Tensor || T.Base == BaseType::Generator)) {
      if (!Cur.isKeyword("None"))
        return fail(At, "a " + std::string(baseTypeName(T.Base)) +
                            " default must be None");
      advance();
      return true;
    }
    if (!T.Optional && T.Base == BaseType::Device)
      return fail(At, "Device defaults are not supported: torch prints them "
                      "unquoted, which does not parse back");
    Constant C;
    if (!parseConstant(T.Base == BaseType::Float && !T.Optional,
                       T.Base == BaseType::ScalarType && !T.IsList, C))
      return false;
    if (std::holds_alternative<std::string>(C) &&
        (T.Base != BaseType::Str || T.IsList))
      return fail(At, "only str arguments take string defaults: torch prints "
                      "others unquoted, which does not parse back");
    std::visit([&](auto &&V) { D.Value = std::move(V); }, std::move(C));
    return true;
  }

  bool parseListDefault(const Type &T, DefaultValue &D) {
    size_t At = Cur.Offset;
    if (Cur.Kind == TokKind::Ident)
      return fail(At, "a list default must be a list literal");
    bool FloatKind = T.Base == BaseType::Float;
    bool DtypeNames = T.Base == BaseType::ScalarType;
    std::vector<Constant> Elements;
    if (T.FixedSize && !Cur.is('[')) {
      // `int[2] x=1` means [1, 1].
      if (*T.FixedSize > MaxRepeatedDefault)
        return fail(At, "a single default value stands for at most " +
                            std::to_string(MaxRepeatedDefault) +
                            " list elements; write the list out");
      Constant C;
      if (!parseConstant(FloatKind, DtypeNames, C))
        return false;
      Elements.assign(*T.FixedSize, C);
    } else {
      if (!expect('['))
        return false;
      if (!Cur.is(']')) {
        do {
          Constant C;
          if (!parseConstant(FloatKind, DtypeNames, C))
            return false;
          Elements.push_back(std::move(C));
        } while (consume(','));
      }
      if (!expect(']'))
        return false;
    }

    if (!T.ElementOptional) {
      switch (T.Base) {
      case BaseType::Float:
        return convertList<double>(Elements, D, At, "a float");
      case BaseType::Bool:
        return convertList<bool>(Elements, D, At, "a bool");
      case BaseType::Int:
      case BaseType::SymInt:
      case BaseType::ScalarType:
      case BaseType::Layout:
      case BaseType::MemoryFormat:
        return convertList<int64_t>(Elements, D, At, "an int");
      default:
        break;
      }
    }
    return fail(At, "list defaults are only supported for int, float and "
                    "bool lists");
  }

  template <typename E>
  bool convertList(const std::vector<Constant> &Elements, DefaultValue &D,
                   size_t At, std::string_view Name) {
    std::vector<E> List;
    for (const Constant &C : Elements) {
      if (!std::holds_alternative<E>(C))
        return fail(At, "every element of this list default must be " +
                            std::string(Name));
      List.push_back(std::get<E>(C));
    }
    D.Value = std::move(List);
    return true;
  }

  /// torch's parseSingleConstant. \p FloatKind reads integers as floats;
  /// \p DtypeNames admits `float32`, `bfloat16`, ... as ScalarType values.
  bool parseConstant(bool FloatKind, bool DtypeNames, Constant &C) {
    const Token T = Cur;
    if (T.isKeyword("True") || T.isKeyword("False")) {
      C = T.Text == "True";
      advance();
      return true;
    }
    if (T.isKeyword("None")) {
      C = std::monostate();
      advance();
      return true;
    }
    if (T.Kind == TokKind::String) {
      std::string S;
      if (!unquote(T, S, Err))
        return false;
      C = std::move(S);
      advance();
      return true;
    }
    if (T.Kind == TokKind::Ident) {
      std::optional<int64_t> V = lookup(EnumDefaultNames, T.Text);
      if (!V && DtypeNames)
        V = lookup(ScalarTypeNames, T.Text);
      if (!V)
        return fail(T.Offset, "invalid default value " + describe(T));
      // torch would print `float x=long` as `float x=4`, which reads back as
      // the float 4.
      if (FloatKind)
        return fail(T.Offset,
                    "a float default must be a number, not " + describe(T));
      C = *V;
      advance();
      return true;
    }
    std::string Text = consume('-') ? "-" : "";
    if (Cur.Kind != TokKind::Number)
      return fail(Cur.Offset,
                  "expected a default value but found " + describe(Cur));
    size_t At = Cur.Offset;
    Text += Cur.Text;
    advance();
    if (Text.back() == 'j')
      return fail(At, "complex default values are not supported");
    // Like torch: a float if the type says so or the literal has `.` or `e`,
    // else the leading decimal digits as an int (`1E5` is 1, `0x10` is 0).
    errno = 0;
    if (FloatKind || Text.find_first_of(".e") != std::string::npos)
      C = std::strtod(Text.c_str(), nullptr);
    else
      C = static_cast<int64_t>(std::strtoll(Text.c_str(), nullptr, 10));
    if (errno == ERANGE)
      return fail(At, "number out of range");
    return true;
  }

  ParseFailure Err;
  Lexer Lex;
  Token Cur;
};

} // namespace

std::string_view baseTypeName(BaseType B) {
  for (const auto &[Base, Name] : BaseTypeNames)
    if (Base == B)
      return Name;
  return "<invalid BaseType>";
}

bool Type::operator==(const Type &O) const {
  return Base == O.Base && ElementAlias == O.ElementAlias &&
         ElementOptional == O.ElementOptional && IsList == O.IsList &&
         FixedSize == O.FixedSize && ListAlias == O.ListAlias &&
         Optional == O.Optional;
}

bool DefaultValue::operator==(const DefaultValue &O) const {
  return Value == O.Value;
}

std::string OpSchema::qualifiedName() const {
  return Namespace.empty() ? Name : Namespace + "::" + Name;
}

std::string OpSchema::fullName() const {
  return Overload.empty() ? qualifiedName() : qualifiedName() + "." + Overload;
}

std::string printType(const Type &T) {
  Printer P(Form::Definition);
  P.type(T);
  return P.take();
}

std::string printDefault(const DefaultValue &V, const Type &T) {
  return printDefaultIn(Form::Torch, V, T);
}

std::string printArgument(const Argument &A) {
  Printer P(Form::Definition);
  P.argument(A);
  return P.take();
}

std::string printSignature(const OpSchema &S) {
  Printer P(Form::Definition);
  P.signature(S);
  return P.take();
}

std::string printSchema(const OpSchema &S) {
  Printer P(Form::Torch);
  P.signature(S);
  return S.fullName() + P.take();
}

std::string printSchemaWithoutNamespace(const OpSchema &S) {
  std::string Name = S.Overload.empty() ? S.Name : S.Name + "." + S.Overload;
  return Name + printSignature(S);
}

char SchemaParseError::ID = 0;

void SchemaParseError::log(llvm::raw_ostream &OS) const {
  OS << Offset << ": " << Message;
}

std::error_code SchemaParseError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

llvm::Expected<OpSchema> parseSchema(std::string_view Text) {
  return Parser(Text).parse();
}

std::pair<size_t, std::string> schemaParseError(llvm::Error E) {
  std::pair<size_t, std::string> Out;
  llvm::handleAllErrors(
      std::move(E),
      [&](const SchemaParseError &P) { Out = {P.Offset, P.Message}; },
      [&](const llvm::ErrorInfoBase &Other) { Out = {0, Other.message()}; });
  return Out;
}

bool isIdentifier(std::string_view S) {
  return !S.empty() && isIdentStart(S.front()) &&
         std::all_of(S.begin(), S.end(), isIdentChar) && !isKeyword(S);
}

} // namespace opgen
