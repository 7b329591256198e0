//===- ThreadedFrontend.cpp - runFrontend in -j threads -------------------===//
//
// Each source is parsed in a thread of its own with a SourceLog as its sink;
// the logs are replayed into the real sink in source order once every thread
// is done, so output and diagnostics are the same for every -j.
//===----------------------------------------------------------------------===//
#include "opgen/pipeline/Pipeline.h"

#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <atomic>

using namespace llvm;

namespace opgen {

namespace {

/// What parsing one source reported, in order: opgen's diagnostics
/// (recorded) and Clang's own text (its diagnostics, "N errors generated."),
/// replayed into the real sink once every thread is done.
class SourceLog : public DiagSink {
public:
  SourceLog() : Stream(*this) {}
  raw_ostream &clangOutput() { return Stream; }

  /// \p SeenNoDatabase: a `-p` directory without a database fails every
  /// source alike; it is reported once, as with -j1.
  void replay(DiagSink &Into, bool &SeenNoDatabase) const {
    for (const Event &E : Events) {
      if (E.IsText) {
        errs() << E.Text;
        continue;
      }
      if (E.Id == DiagId::NoCompileDatabase) {
        if (SeenNoDatabase)
          continue;
        SeenNoDatabase = true;
      }
      Into.report(E.Id, E.Loc, E.Args);
    }
  }

protected:
  void emit(DiagId Id, const SourceLoc &Loc,
            const std::vector<std::string> &Args) override {
    Events.push_back({false, {}, Id, Loc, Args});
  }

private:
  struct Event {
    bool IsText;
    std::string Text;
    DiagId Id;
    SourceLoc Loc;
    std::vector<std::string> Args;
  };

  /// Unbuffered, so text and diagnostics keep their order.
  class TextStream : public raw_ostream {
  public:
    explicit TextStream(SourceLog &Log)
        : raw_ostream(/*unbuffered=*/true), Log(Log) {
      enable_colors(errs().colors_enabled());
    }

  private:
    void write_impl(const char *Ptr, size_t Size) override {
      Pos += Size;
      if (Log.Events.empty() || !Log.Events.back().IsText)
        Log.Events.push_back({true, {}, {}, {}, {}});
      Log.Events.back().Text.append(Ptr, Size);
    }
    uint64_t current_pos() const override { return Pos; }

    SourceLog &Log;
    uint64_t Pos = 0;
  };

  std::vector<Event> Events;
  TextStream Stream;
};

} // namespace

std::optional<FrontendResult> runFrontendInThreads(const FrontendOptions &Opts,
                                                   unsigned Threads,
                                                   DiagSink &Diags) {
  size_t N = Opts.Sources.size();
  std::vector<std::unique_ptr<SourceLog>> Logs(N);
  std::vector<FrontendResult> Results(N);
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I = Next++; I < N; I = Next++) {
      Logs[I] = std::make_unique<SourceLog>();
      Logs[I]->setWarningsAsErrors(Diags.warningsAsErrors());
      FrontendOptions One = Opts;
      One.Sources = {Opts.Sources[I]};
      One.ClangOutput = &Logs[I]->clangOutput();
      Results[I] = runFrontend(One, *Logs[I]);
    }
  };
  {
    // Clang wants 8 MiB of stack (clang::DesiredStackSize), as the main
    // thread has.
    std::vector<llvm::thread> Workers;
    for (unsigned T = 0; T < Threads; ++T)
      Workers.emplace_back(std::optional<unsigned>(8u << 20), Work);
    for (llvm::thread &W : Workers)
      W.join();
  }
  bool SeenNoDatabase = false;
  FrontendResult Result;
  for (size_t I = 0; I < N; ++I) {
    Logs[I]->replay(Diags, SeenNoDatabase);
    for (AnnotatedFunction &F : Results[I].Functions)
      Result.Functions.push_back(std::move(F));
    Result.Dependencies.insert(Results[I].Dependencies.begin(),
                               Results[I].Dependencies.end());
    Result.PreambleInputs.insert(Results[I].PreambleInputs.begin(),
                                 Results[I].PreambleInputs.end());
  }
  if (Diags.errorCount())
    return std::nullopt;
  return Result;
}

} // namespace opgen
