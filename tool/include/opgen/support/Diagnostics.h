//===- Diagnostics.h - Reporting through one catalogue ----------*- C++ -*-===//
///
/// \file
/// Every phase reports through a DiagSink, by catalogue id (Diagnostics.def).
/// The driver's sink renders through Clang's DiagnosticsEngine; tests use a
/// recording sink. Phases only run when the previous ones reported no error.
///
/// What may depend on support/: every folder. It depends on model/ only
/// (SourceLoc), so that any phase can report.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_DIAGNOSTICS_H
#define OPGEN_DIAGNOSTICS_H

#include "opgen/model/Model.h"

#include <string>
#include <vector>

namespace opgen {

enum class DiagId {
#define DIAG(Id, Level, Message, Hint) Id,
#include "opgen/support/Diagnostics.def"
};

enum class DiagLevel { Error, Warning, Note };

/// One catalogue entry.
struct DiagInfo {
  const char *Name;
  DiagLevel Level;
  const char *Message;
  const char *Hint;
};
const DiagInfo &diagInfo(DiagId Id);

/// Substitutes %0, %1, ... in \p Format with \p Args.
std::string formatDiag(const char *Format, const std::vector<std::string> &Args);

/// Receives diagnostics from every phase.
class DiagSink {
public:
  virtual ~DiagSink() = default;
  void report(DiagId Id, const SourceLoc &Loc, std::vector<std::string> Args = {});
  unsigned errorCount() const { return Errors; }

  /// `--Werror`: warnings are reported as errors (counted, and printed as
  /// `error:` with their id), so the run fails before anything is written.
  void setWarningsAsErrors(bool On) { WarningsAsErrors = On; }
  bool warningsAsErrors() const { return WarningsAsErrors; }

  /// The level \p Id is reported at: its catalogue level, or Error for a
  /// warning under setWarningsAsErrors.
  DiagLevel levelOf(DiagId Id) const;

protected:
  /// Renders one catalogue diagnostic; the hint (if any) follows as a note.
  virtual void emit(DiagId Id, const SourceLoc &Loc,
                    const std::vector<std::string> &Args) = 0;

private:
  unsigned Errors = 0;
  bool WarningsAsErrors = false;
};

/// Keeps diagnostics as plain records (for tests and --check).
class RecordingDiagSink : public DiagSink {
public:
  struct Record {
    DiagId Id;
    SourceLoc Loc;
    std::vector<std::string> Args;
  };
  std::vector<Record> Records;

protected:
  void emit(DiagId Id, const SourceLoc &Loc,
            const std::vector<std::string> &Args) override {
    Records.push_back({Id, Loc, Args});
  }
};

} // namespace opgen

#endif // OPGEN_DIAGNOSTICS_H
