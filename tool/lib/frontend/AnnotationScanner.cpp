//===- AnnotationScanner.cpp - Annotations from the token stream ---------===//
//
// The scanner is fed every token after macro expansion. Outside an attribute
// list it only watches for `[[`; inside one for an annotation name
// (custom_op, custom_op_backward, ...) followed by `(`, whose argument tokens
// it collects up to the matching `)` and parses as a string literal (the op
// name) and `key="value"` pairs. The tokens around the list are kept for
// Attach (does the list trail a declarator?), and the name of the function
// after a kernel's annotation is kept so that its body is parsed.
//===----------------------------------------------------------------------===//
#include "frontend/AnnotationScanner.h"

#include "frontend/ast/Locations.h"

#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/Preprocessor.h"

#include <algorithm>

using namespace clang;

namespace opgen {

bool RawAnnotation::trailing() const {
  if (Before == tok::unknown || Before == tok::semi ||
      Before == tok::l_brace || Before == tok::r_brace)
    return false; // The start of a declaration.
  return After == tok::semi || After == tok::comma || After == tok::equal ||
         After == tok::r_paren || After == tok::r_brace ||
         After == tok::colon || After == tok::l_square;
}

void AnnotationScanner::onToken(const Token &Tok) {
  watchName(Tok);
  if (AwaitClose) {
    // The second `]` of `]]`; the token after it is what the attribute
    // list is followed by.
    AwaitClose = false;
    AwaitAfter = Tok.is(tok::r_square);
  } else if (AwaitAfter) {
    AwaitAfter = false;
    for (RawAnnotation &Raw : Found)
      if (!Raw.HasAfter && Raw.ListBegin == ClosedListBegin) {
        Raw.After = Tok.getKind();
        Raw.HasAfter = true;
        // Kernels and backwards (whose fakes may be synthesised).
        WatchingName = Raw.Attr.Kind != AnnotationKind::Fake;
        LastIdentifier.clear();
      }
  }
  if (Collecting) {
    collect(Tok);
  } else if (InList) {
    scanList(Tok);
  } else if (Tok.is(tok::l_square)) {
    if (PrevWasLSquare) {
      InList = true;
      ListBegin = PrevLoc;
      ListParenDepth = 0;
      BeforeList = PrevPrevKind;
    }
  }
  PrevWasLSquare = Tok.is(tok::l_square);
  PrevLoc = Tok.getLocation();
  PrevPrevKind = PrevKind;
  PrevKind = Tok.getKind();
}

void AnnotationScanner::finish() {
  if (Collecting)
    Diags.report(DiagId::AttrUnterminated, loc(NameLoc),
                 {std::string(enumName(Kind))});
  Collecting = false;
}

/// After an annotation: the identifier before the first `(` is the name
/// of the annotated function.
void AnnotationScanner::watchName(const Token &Tok) {
  if (!WatchingName)
    return;
  if (Tok.is(tok::identifier)) {
    LastIdentifier = Tok.getIdentifierInfo()->getName().str();
  } else if (Tok.is(tok::l_paren)) {
    if (!LastIdentifier.empty())
      BodyNames.insert(LastIdentifier);
    WatchingName = false;
  } else if (Tok.isOneOf(tok::semi, tok::l_brace, tok::r_brace)) {
    WatchingName = false;
  }
}

SourceLoc AnnotationScanner::loc(SourceLocation L) const {
  return toSourceLoc(PP.getSourceManager(), L, Root);
}

void AnnotationScanner::scanList(const Token &Tok) {
  if (Tok.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
    ++ListParenDepth;
  } else if (Tok.isOneOf(tok::r_paren, tok::r_brace)) {
    --ListParenDepth;
  } else if (Tok.is(tok::r_square)) {
    if (ListParenDepth == 0) {
      InList = false; // `]]`: the second `]` is harmless outside a list.
      AwaitClose = true;
      ClosedListBegin = PP.getSourceManager().getExpansionLoc(ListBegin);
      return;
    }
    --ListParenDepth;
  } else if (ListParenDepth == 0 && Tok.is(tok::identifier)) {
    if (auto K = parseEnum<AnnotationKind>(Tok.getIdentifierInfo()->getName())) {
      Kind = *K;
      NameLoc = Tok.getLocation();
      Collecting = true;
      SawOpenParen = false;
      Args.clear();
      Depth = 0;
    }
  } else if (Tok.is(tok::semi)) {
    InList = false;
  }
}

void AnnotationScanner::collect(const Token &Tok) {
  if (!SawOpenParen) {
    if (Tok.is(tok::l_paren)) {
      SawOpenParen = true;
      return;
    }
    // `[[custom_op]]` without arguments.
    Collecting = false;
    Diags.report(DiagId::AttrMissingName, loc(NameLoc),
                 {std::string(enumName(Kind))});
    scanList(Tok);
    return;
  }
  if (Tok.is(tok::l_paren)) {
    ++Depth;
  } else if (Tok.is(tok::r_paren)) {
    if (Depth == 0) {
      Collecting = false;
      parse();
      return;
    }
    --Depth;
  } else if (Tok.isOneOf(tok::semi, tok::l_brace, tok::r_square)) {
    // A `)` is missing: stop here so the rest of the file is not eaten.
    Collecting = false;
    InList = false;
    Diags.report(DiagId::AttrUnterminated, loc(NameLoc),
                 {std::string(enumName(Kind))});
    return;
  }
  Args.push_back(Tok);
}

/// The adjacent string literals starting at \p I, which it moves past them;
/// an error when there is none or they do not form a string.
llvm::Expected<AnnotationValue> AnnotationScanner::readString(size_t &I) {
  size_t Begin = I;
  while (I < Args.size() && tok::isStringLiteral(Args[I].getKind()))
    ++I;
  if (I == Begin)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "not a string literal");
  StringLiteralParser Literal(llvm::ArrayRef<Token>(Args).slice(Begin, I - Begin),
                              PP);
  if (Literal.hadError)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "an invalid string literal");
  AnnotationValue Out;
  Out.Text = Literal.GetString().str();
  Out.Loc = loc(Args[Begin].getLocation());
  return Out;
}

void AnnotationScanner::parse() {
  RawAnnotation Raw;
  Raw.ListBegin = PP.getSourceManager().getExpansionLoc(ListBegin);
  Raw.Before = BeforeList;
  Raw.Attr.Kind = Kind;
  Raw.Attr.Loc = loc(NameLoc);
  std::string Spelling(enumName(Kind));
  size_t I = 0;
  llvm::Expected<AnnotationValue> Name = readString(I);
  if (!Name) {
    // The diagnostic says what is wrong, where.
    llvm::consumeError(Name.takeError());
    Diags.report(DiagId::AttrMissingName,
                 loc(I < Args.size() ? Args[I].getLocation() : NameLoc),
                 {Spelling});
    return;
  }
  Raw.Attr.Name = std::move(*Name);
  while (I < Args.size()) {
    if (!Args[I].is(tok::comma) || I + 2 >= Args.size() + 0 ||
        !Args[I + 1].isAnyIdentifier() || !Args[I + 2].is(tok::equal)) {
      Diags.report(DiagId::AttrExpectedKey,
                   loc(Args[std::min(I + 1, Args.size() - 1)].getLocation()),
                   {Spelling});
      return;
    }
    std::string Key = Args[I + 1].getIdentifierInfo()->getName().str();
    SourceLoc KeyLoc = loc(Args[I + 1].getLocation());
    I += 3;
    llvm::Expected<AnnotationValue> Value = readString(I);
    if (!Value) {
      llvm::consumeError(Value.takeError());
      Diags.report(DiagId::AttrNonStringValue,
                   loc(I < Args.size() ? Args[I].getLocation()
                                       : Args[I - 1].getLocation()),
                   {Key});
      return;
    }
    if (Raw.Attr.hasKey(Key)) {
      Diags.report(DiagId::AttrDuplicateKey, KeyLoc, {Key});
      return;
    }
    Raw.Attr.addKey(Key, std::move(*Value));
  }
  // Tokens replayed after tentative parsing reach the watcher again.
  for (const RawAnnotation &Seen : Found)
    if (Seen.Attr.Loc == Raw.Attr.Loc)
      return;
  Found.push_back(std::move(Raw));
}

} // namespace opgen
