//===- AnnotationScanner.h - Annotations from the token stream --*- C++ -*-===//
///
/// \file
/// discover: a Preprocessor token watcher that finds `[[custom_op...(...)]]`
/// in the token stream after macro expansion (Clang drops unknown attributes
/// from the AST, and `mutates=""` is no expression) and parses its
/// arguments. Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_ANNOTATIONSCANNER_H
#define OPGEN_LIB_ANNOTATIONSCANNER_H

#include "opgen/model/Model.h"
#include "opgen/support/Diagnostics.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
} // namespace clang

namespace opgen {

/// An annotation as found in the token stream, before it is attached.
struct RawAnnotation {
  Annotation Attr;
  clang::SourceLocation ListBegin; ///< Expansion location of the `[[`.
  /// The tokens around the attribute list: `int64_t w [[a]];` or
  /// `const at::Tensor& x [[a]])` put it after a declarator (it appertains
  /// to what precedes it), `[[a]] at::Tensor f();` before a declaration.
  clang::tok::TokenKind Before = clang::tok::unknown; ///< The token before `[[`.
  clang::tok::TokenKind After = clang::tok::unknown;  ///< The token after `]]`.
  bool HasAfter = false;

  /// Whether the list follows a declarator rather than starting a
  /// declaration.
  bool trailing() const;
};

/// A small state machine fed every token the preprocessor produces.
class AnnotationScanner {
public:
  AnnotationScanner(clang::Preprocessor &PP, DiagSink &Diags, std::string Root)
      : PP(PP), Diags(Diags), Root(std::move(Root)) {}

  void onToken(const clang::Token &Tok);

  /// Called at the end of the translation unit.
  void finish();

  std::vector<RawAnnotation> take() { return std::move(Found); }

  /// How many annotations have been found so far.
  size_t foundCount() const { return Found.size(); }

  /// Whether a function of this name follows a `custom_op` or
  /// `custom_op_backward` annotation: its body is parsed (fakes are
  /// synthesised from it); others are skipped.
  bool bodyWanted(llvm::StringRef Name) const {
    return BodyNames.count(Name.str()) != 0;
  }

private:
  void watchName(const clang::Token &Tok);
  SourceLoc loc(clang::SourceLocation L) const;
  void scanList(const clang::Token &Tok);
  void collect(const clang::Token &Tok);
  llvm::Expected<AnnotationValue> readString(size_t &I);
  void parse();

  clang::Preprocessor &PP;
  DiagSink &Diags;
  std::string Root;
  std::vector<RawAnnotation> Found;

  bool PrevWasLSquare = false;
  clang::SourceLocation PrevLoc;
  clang::tok::TokenKind PrevKind = clang::tok::unknown,
                        PrevPrevKind = clang::tok::unknown;
  bool InList = false;
  clang::SourceLocation ListBegin;
  clang::tok::TokenKind BeforeList = clang::tok::unknown;
  int ListParenDepth = 0;
  bool AwaitClose = false, AwaitAfter = false;
  clang::SourceLocation ClosedListBegin;

  bool Collecting = false;
  bool SawOpenParen = false;
  AnnotationKind Kind = AnnotationKind::CustomOp;
  clang::SourceLocation NameLoc;
  std::vector<clang::Token> Args;
  int Depth = 0;

  bool WatchingName = false;
  std::string LastIdentifier;
  std::set<std::string> BodyNames;
};

} // namespace opgen

#endif // OPGEN_LIB_ANNOTATIONSCANNER_H
