//===- ClangDiagnostics.cpp - Diagnostics printed by Clang ----------------===//
//
// opgen's diagnostics are printed by Clang's TextDiagnosticPrinter, through a
// DiagnosticsEngine of their own: a SourceLoc is translated back into a
// SourceLocation (the file is read again) so that the source line and a
// caret are shown, as for the compiler's own diagnostics.
//===----------------------------------------------------------------------===//
#include "frontend/ClangDiagnostics.h"

#include "opgen/frontend/Frontend.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace clang;

namespace opgen {

namespace {

class ClangDiagSink : public DiagSink {
public:
  explicit ClangDiagSink(const std::string &Root)
      : DiagOpts(new DiagnosticOptions()),
        Printer(llvm::errs(), &*DiagOpts),
        Engine(new DiagnosticIDs(), &*DiagOpts, &Printer,
               /*ShouldOwnClient=*/false) {
    DiagOpts->ShowColors = false;
    FileSystemOptions FSOpts;
    FSOpts.WorkingDir = Root;
    Files = new FileManager(FSOpts);
    Sources = std::make_unique<SourceManager>(Engine, *Files);
    Engine.setSourceManager(Sources.get());
    Printer.BeginSourceFile(LangOptions(), nullptr);
  }
  ~ClangDiagSink() override { Printer.EndSourceFile(); }

protected:
  void emit(DiagId Id, const SourceLoc &Loc,
            const std::vector<std::string> &Args) override {
    const DiagInfo &Info = diagInfo(Id);
    const DiagLevel Level = levelOf(Id);
    SourceLocation L = translate(Loc);
    // Clang drops a note that follows nothing (or an ignored diagnostic);
    // a catalogue note stands on its own.
    if (Level == DiagLevel::Note)
      Engine.setLastDiagnosticIgnored(false);
    std::string Message = formatDiag(Info.Message, Args);
    // Errors and warnings end with their catalogue id, as clang-tidy's end
    // with their check (docs/diagnostics.md); notes belong to what precedes.
    if (Level != DiagLevel::Note)
      Message += std::string(" [") + Info.Name + "]";
    report(Level, L, Message);
    if (*Info.Hint)
      report(DiagLevel::Note, L,
             "hint: " + formatDiag(Info.Hint, Args));
  }

private:
  void report(DiagLevel Level, SourceLocation L, const std::string &Text) {
    DiagnosticsEngine::Level ClangLevel =
        Level == DiagLevel::Error     ? DiagnosticsEngine::Error
        : Level == DiagLevel::Warning ? DiagnosticsEngine::Warning
                                      : DiagnosticsEngine::Note;
    // The text is pre-formatted from the catalogue; "%0" keeps any '%' in it
    // from being read as a format directive.
    unsigned ClangId = Engine.getCustomDiagID(ClangLevel, "%0");
    Engine.Report(L, ClangId) << Text;
  }

  SourceLocation translate(const SourceLoc &Loc) {
    if (!Loc.valid())
      return SourceLocation();
    auto File = Files->getOptionalFileRef(Loc.File);
    if (!File)
      return SourceLocation();
    FileID FID = Sources->getOrCreateFileID(*File, SrcMgr::C_User);
    return Sources->translateLineCol(FID, Loc.Line, std::max(1u, Loc.Column));
  }

  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts;
  TextDiagnosticPrinter Printer;
  DiagnosticsEngine Engine;
  IntrusiveRefCntPtr<FileManager> Files;
  std::unique_ptr<SourceManager> Sources;
};

/// Passes Clang's diagnostics on to the consumer it wraps, less the errors
/// inside function bodies after the first one and their notes.
class BodyErrorLimiter : public DiagnosticConsumer {
public:
  BodyErrorLimiter(CompilerInstance &CI, DiagnosticConsumer &Next,
                   std::unique_ptr<DiagnosticConsumer> Owned, unsigned &Hidden)
      : CI(CI), Next(Next), Owned(std::move(Owned)), Hidden(Hidden) {
    NumErrors = Next.getNumErrors();
    NumWarnings = Next.getNumWarnings();
  }

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }
  void clear() override {
    DiagnosticConsumer::clear();
    Next.clear();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Next.IncludeInDiagnosticCounts();
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info); // Counts it.
    if (Level == DiagnosticsEngine::Note) {
      if (!Hiding)
        Next.HandleDiagnostic(Level, Info);
      return;
    }
    Hiding = false;
    if (Level >= DiagnosticsEngine::Error && inFunctionBody()) {
      if (SeenBodyError) {
        Hiding = true;
        ++Hidden;
        return;
      }
      SeenBodyError = true;
    }
    Next.HandleDiagnostic(Level, Info);
  }

private:
  /// Whether Sema is inside a function's body (a lambda's counts).
  bool inFunctionBody() const {
    return CI.hasSema() &&
           CI.getSema().getCurFunctionDecl(/*AllowLambda=*/true) != nullptr;
  }

  CompilerInstance &CI;
  DiagnosticConsumer &Next;
  std::unique_ptr<DiagnosticConsumer> Owned; ///< Next, when the engine owned it.
  unsigned &Hidden;
  bool SeenBodyError = false;
  bool Hiding = false; ///< The notes of a hidden error are hidden too.
};

} // namespace

void limitBodyErrors(CompilerInstance &CI, unsigned &Hidden) {
  DiagnosticsEngine &Engine = CI.getDiagnostics();
  DiagnosticConsumer *Next = Engine.getClient();
  if (!Next)
    return;
  std::unique_ptr<DiagnosticConsumer> Owned = Engine.takeClient();
  Engine.setClient(new BodyErrorLimiter(CI, *Next, std::move(Owned), Hidden),
                   /*ShouldOwnClient=*/true);
}

std::unique_ptr<DiagSink> createClangDiagSink(const std::string &Root) {
  return std::make_unique<ClangDiagSink>(Root);
}

} // namespace opgen
