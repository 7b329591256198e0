//===- Migrate.cpp - opgen migrate's edits, texts and diffs ---------------===//
#include "opgen/emit/Migrate.h"

#include <algorithm>
#include <set>

namespace opgen {

namespace {

bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r'; }

/// The start of the line holding \p Offset.
unsigned lineStart(const std::string &Text, unsigned Offset) {
  while (Offset > 0 && Text[Offset - 1] != '\n')
    --Offset;
  return Offset;
}

/// Whether the line starting at \p Start is blank (or the text ends there).
bool blankLine(const std::string &Text, unsigned Start) {
  unsigned I = Start;
  while (I < Text.size() && isBlank(Text[I]))
    ++I;
  return I >= Text.size() || Text[I] == '\n';
}

/// A deletion of [Begin, End): whole lines when nothing else is on them,
/// with a blank line after when one is before (or the file starts there),
/// so that no two blank lines are left, and with the blank line before at
/// the end of the file. The `//` lines right above go too with
/// \p WithComment, or when a blank line, a `}` or the end follows.
TextEdit deletion(const std::string &File, const std::string &Text,
                  unsigned Begin, unsigned End, bool WithComment = false) {
  unsigned LS = lineStart(Text, Begin);
  bool Before = std::all_of(Text.begin() + LS, Text.begin() + Begin, isBlank);
  unsigned After = End;
  while (After < Text.size() && isBlank(Text[After]))
    ++After;
  bool Rest = After >= Text.size() || Text[After] == '\n';
  if (!Before || !Rest)
    return {{File, Begin, End}, ""};
  // A whole block goes with the `//` comment right above it, which
  // describes it; so do statements when what follows them is a blank line
  // or the end of their block (the comment was theirs alone).
  unsigned NextLine = After < Text.size() ? After + 1 : After;
  if (!WithComment) {
    unsigned I = NextLine;
    while (I < Text.size() && isBlank(Text[I]))
      ++I;
    WithComment = I >= Text.size() || Text[I] == '\n' || Text[I] == '}';
  }
  while (WithComment && LS > 0) {
    unsigned Prev = lineStart(Text, LS - 1);
    unsigned I = Prev;
    while (I < LS && isBlank(Text[I]))
      ++I;
    if (Text.compare(I, 2, "//") != 0)
      break;
    LS = Prev;
  }
  unsigned Next = After < Text.size() ? After + 1 : After;
  bool BlankBefore = LS == 0 || blankLine(Text, lineStart(Text, LS - 1));
  // At the end of the file or of a block, the blank line before goes too.
  unsigned Close = Next;
  while (Close < Text.size() && isBlank(Text[Close]))
    ++Close;
  if (BlankBefore && LS > 0 && (Next >= Text.size() || Text[Close] == '}'))
    LS = lineStart(Text, LS - 1);
  else if (BlankBefore && Next < Text.size() && blankLine(Text, Next)) {
    while (Next < Text.size() && Text[Next] != '\n')
      ++Next;
    if (Next < Text.size())
      ++Next;
  }
  return {{File, LS, Next}, ""};
}

/// \p Ranges of \p Text, sorted, those with only whitespace between them
/// merged.
std::vector<std::pair<unsigned, unsigned>>
mergeRuns(const std::string &Text,
          std::vector<std::pair<unsigned, unsigned>> Ranges) {
  std::sort(Ranges.begin(), Ranges.end());
  std::vector<std::pair<unsigned, unsigned>> Merged;
  for (const auto &R : Ranges) {
    if (!Merged.empty() &&
        std::all_of(Text.begin() + std::min(Merged.back().second, R.first),
                    Text.begin() + R.first,
                    [](char C) { return isBlank(C) || C == '\n'; })) {
      Merged.back().second = std::max(Merged.back().second, R.second);
      continue;
    }
    Merged.push_back(R);
  }
  return Merged;
}

/// Widens [\p Begin, \p End) to the anonymous namespace around it when it
/// is all the namespace holds (`namespace {`, blank lines, the range, blank
/// lines, `}` with an optional `//` comment), so that none is left empty.
void widenToNamespace(const std::string &Text, unsigned &Begin,
                      unsigned &End) {
  auto trimmed = [&](unsigned LS) {
    unsigned E = LS;
    while (E < Text.size() && Text[E] != '\n')
      ++E;
    unsigned B = LS;
    while (B < E && isBlank(Text[B]))
      ++B;
    while (E > B && isBlank(Text[E - 1]))
      --E;
    return Text.substr(B, E - B);
  };
  unsigned Open = lineStart(Text, Begin);
  while (Open > 0 && blankLine(Text, lineStart(Text, Open - 1)))
    Open = lineStart(Text, Open - 1);
  if (Open == 0)
    return;
  Open = lineStart(Text, Open - 1);
  if (trimmed(Open) != "namespace {")
    return;
  unsigned Close = End;
  while (Close < Text.size() && Text[Close] != '\n')
    ++Close;
  while (Close < Text.size() && blankLine(Text, Close + 1) &&
         Close + 1 < Text.size()) {
    ++Close;
    while (Close < Text.size() && Text[Close] != '\n')
      ++Close;
  }
  if (Close >= Text.size())
    return;
  std::string Line = trimmed(Close + 1);
  size_t Rest = Line.find_first_not_of(" \t", 1);
  if (Line.empty() || Line[0] != '}' ||
      (Rest != std::string::npos && Line.compare(Rest, 2, "//") != 0))
    return;
  Begin = Open;
  End = Close + 1;
  while (End < Text.size() && Text[End] != '\n')
    ++End;
}

std::string quote(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

/// The lines of \p Text, each with its newline (the last may lack one).
std::vector<std::string> lines(const std::string &Text) {
  std::vector<std::string> Out;
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t NL = Text.find('\n', Start);
    size_t End = NL == std::string::npos ? Text.size() : NL + 1;
    Out.push_back(Text.substr(Start, End - Start));
    Start = End;
  }
  return Out;
}

/// One line of a diff: ' ', '-' or '+', and the index into the old or new
/// lines.
struct DiffLine {
  char Op;
  size_t Index;
};

/// The shortest edit script from \p A to \p B (Myers' algorithm).
std::vector<DiffLine> diffLines(const std::vector<std::string> &A,
                                const std::vector<std::string> &B) {
  const long N = A.size(), M = B.size(), Max = N + M;
  std::vector<long> V(2 * Max + 2, 0);
  std::vector<std::vector<long>> Trace;
  long Found = -1;
  for (long D = 0; D <= Max && Found < 0; ++D) {
    Trace.push_back(V);
    for (long K = -D; K <= D; K += 2) {
      long X;
      if (K == -D || (K != D && V[Max + K - 1] < V[Max + K + 1]))
        X = V[Max + K + 1];
      else
        X = V[Max + K - 1] + 1;
      long Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      V[Max + K] = X;
      if (X >= N && Y >= M) {
        Found = D;
        break;
      }
    }
  }
  std::vector<DiffLine> Out;
  long X = N, Y = M;
  for (long D = Found; D > 0; --D) {
    const std::vector<long> &P = Trace[D];
    long K = X - Y;
    long PrevK = (K == -D || (K != D && P[Max + K - 1] < P[Max + K + 1]))
                     ? K + 1
                     : K - 1;
    long PrevX = P[Max + PrevK], PrevY = PrevX - PrevK;
    while (X > PrevX && Y > PrevY)
      Out.push_back({' ', size_t(--X)}), --Y;
    if (X == PrevX)
      Out.push_back({'+', size_t(--Y)});
    else
      Out.push_back({'-', size_t(--X)});
  }
  while (X > 0)
    Out.push_back({' ', size_t(--X)}), --Y;
  std::reverse(Out.begin(), Out.end());
  return Out;
}

} // namespace

std::string annotationText(const Annotation &A) {
  std::string Out = "[[" + std::string(enumName(A.Kind)) + "(" +
                    quote(A.Name.Text);
  for (const auto &[Key, Value] : A.Keys)
    Out += ", " + std::string(enumName(Key)) + "=" + quote(Value.Text);
  return Out + ")]]";
}

std::map<std::string, std::vector<TextEdit>>
migrationEdits(const RegistrationSet &Set, const MigrationPlan &Plan,
               const std::map<std::string, std::string> &Texts) {
  std::map<std::string, std::vector<TextEdit>> Edits;
  std::map<size_t, unsigned> RemovedIn;
  for (size_t R : Plan.Remove)
    ++RemovedIn[Set.Registrations[R].Block];
  std::set<size_t> WholeBlocks;
  for (const auto &[B, N] : RemovedIn)
    if (N == Set.Blocks[B].Statements)
      WholeBlocks.insert(B);
  for (size_t B : WholeBlocks) {
    const TextRange &R = Set.Blocks[B].Range;
    Edits[R.File].push_back(deletion(R.File, Texts.at(R.File), R.Begin, R.End,
                                     /*WithComment=*/true));
  }
  // The statements of the other blocks, each run of them with only
  // whitespace between deleted as one.
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Runs;
  for (size_t I : Plan.Remove) {
    const Registration &Reg = Set.Registrations[I];
    if (!WholeBlocks.count(Reg.Block))
      Runs[Reg.Stmt.File].push_back({Reg.Stmt.Begin, Reg.Stmt.End});
  }
  for (auto &[File, Ranges] : Runs) {
    const std::string &Text = Texts.at(File);
    for (const auto &[Begin, End] : mergeRuns(Text, Ranges))
      Edits[File].push_back(deletion(File, Text, Begin, End));
  }
  // Code removed as a whole (autograd Functions, the kernels applying
  // them), each run of it with only whitespace between deleted as one.
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Code;
  for (const TextRange &R : Plan.Delete)
    Code[R.File].push_back({R.Begin, R.End});
  for (auto &[File, Ranges] : Code) {
    const std::string &Text = Texts.at(File);
    for (auto [Begin, End] : mergeRuns(Text, Ranges)) {
      widenToNamespace(Text, Begin, End);
      Edits[File].push_back(
          deletion(File, Text, Begin, End, /*WithComment=*/true));
    }
  }
  for (size_t B : Plan.ToFragment)
    Edits[Set.Blocks[B].MacroName->File].push_back(
        {*Set.Blocks[B].MacroName,
         Set.Blocks[B].Api == RegistrationApi::Stable
             ? "STABLE_TORCH_LIBRARY_FRAGMENT"
             : "TORCH_LIBRARY_FRAGMENT"});
  std::set<std::string> Annotated;
  for (const auto &[K, Attr] : Plan.Annotate) {
    const MigrationKernel &Kernel = Set.Kernels[K];
    Annotated.insert(Kernel.InsertAt.File);
    Edits[Kernel.InsertAt.File].push_back(
        {Kernel.InsertAt, Kernel.Indent + annotationText(Attr) + "\n"});
  }
  for (const std::string &File : Annotated) {
    const std::string &Text = Texts.at(File);
    if (Text.find("opgen/opgen.h") != std::string::npos)
      continue;
    // Before the first #include line, or at the top.
    unsigned At = 0;
    for (size_t Pos = 0; Pos < Text.size();) {
      size_t I = Pos;
      while (I < Text.size() && isBlank(Text[I]))
        ++I;
      if (Text.compare(I, 8, "#include") == 0) {
        At = Pos;
        break;
      }
      size_t NL = Text.find('\n', Pos);
      if (NL == std::string::npos)
        break;
      Pos = NL + 1;
    }
    Edits[File].insert(Edits[File].begin(),
                       {{File, At, At}, "#include <opgen/opgen.h>\n"});
  }
  // Two deletions may each take the blank line between them (the one
  // before a block's `}` and the one after a run): one deletion of both.
  for (auto &[File, List] : Edits) {
    std::stable_sort(List.begin(), List.end(),
                     [](const TextEdit &A, const TextEdit &B) {
                       return A.Range.Begin < B.Range.Begin;
                     });
    std::vector<TextEdit> Out;
    for (TextEdit &E : List) {
      if (!Out.empty() && E.Text.empty() && Out.back().Text.empty() &&
          E.Range.Begin < Out.back().Range.End) {
        Out.back().Range.End = std::max(Out.back().Range.End, E.Range.End);
        continue;
      }
      Out.push_back(std::move(E));
    }
    List = std::move(Out);
  }
  return Edits;
}

llvm::Expected<std::string> applyEdits(const std::string &Text,
                                       std::vector<TextEdit> Edits) {
  std::stable_sort(Edits.begin(), Edits.end(),
                   [](const TextEdit &A, const TextEdit &B) {
                     return A.Range.Begin < B.Range.Begin;
                   });
  std::string Out;
  unsigned At = 0;
  for (const TextEdit &E : Edits) {
    if (E.Range.Begin < At || E.Range.End < E.Range.Begin ||
        E.Range.End > Text.size())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "overlapping edits of '" + E.Range.File + "' at byte " +
              std::to_string(E.Range.Begin));
    Out += Text.substr(At, E.Range.Begin - At);
    Out += E.Text;
    At = E.Range.End;
  }
  Out += Text.substr(At);
  return Out;
}

std::string unifiedDiff(const std::string &Name, const std::string &Old,
                        const std::string &New) {
  if (Old == New)
    return "";
  std::vector<std::string> A = lines(Old), B = lines(New);
  std::vector<DiffLine> Script = diffLines(A, B);
  std::string Out = "--- a/" + Name + "\n+++ b/" + Name + "\n";
  const size_t Context = 3;
  size_t I = 0;
  while (I < Script.size()) {
    // The next change, and the hunk around it.
    while (I < Script.size() && Script[I].Op == ' ')
      ++I;
    if (I == Script.size())
      break;
    size_t Start = I >= Context ? I - Context : 0;
    size_t End = I;
    for (;;) {
      while (End < Script.size() && Script[End].Op != ' ')
        ++End;
      size_t Next = End;
      while (Next < Script.size() && Script[Next].Op == ' ')
        ++Next;
      if (Next < Script.size() && Next - End <= 2 * Context) {
        End = Next;
        continue;
      }
      End = std::min(Script.size(), End + Context);
      break;
    }
    // Line numbers of the hunk's first old and new lines.
    size_t OldLine = 0, NewLine = 0;
    for (size_t J = 0; J < Start; ++J) {
      if (Script[J].Op != '+')
        ++OldLine;
      if (Script[J].Op != '-')
        ++NewLine;
    }
    size_t OldCount = 0, NewCount = 0;
    std::string Body;
    for (size_t J = Start; J < End; ++J) {
      const DiffLine &L = Script[J];
      const std::string &Text = L.Op == '+' ? B[L.Index] : A[L.Index];
      OldCount += L.Op != '+';
      NewCount += L.Op != '-';
      Body += L.Op + Text;
      if (Text.empty() || Text.back() != '\n')
        Body += "\n\\ No newline at end of file\n";
    }
    auto Range = [](size_t First, size_t Count) {
      return std::to_string(Count ? First + 1 : First) +
             (Count == 1 ? "" : "," + std::to_string(Count));
    };
    Out += "@@ -" + Range(OldLine, OldCount) + " +" + Range(NewLine, NewCount) +
           " @@\n" + Body;
    I = End;
  }
  return Out;
}

} // namespace opgen
