//===- Quote.cpp - String literals, quoted once ---------------------------===//
#include "opgen/support/Quote.h"

#include <cstdio>

namespace opgen {

std::string quoteString(std::string_view S, QuoteStyle Style) {
  const bool Schema = Style == QuoteStyle::TorchSchema;
  std::string Out = "\"";
  for (char C : S) {
    auto Byte = static_cast<unsigned char>(C);
    switch (C) {
    case '\\':
      Out += "\\\\";
      continue;
    case '"':
      Out += "\\\"";
      continue;
    case '\n':
      Out += "\\n";
      continue;
    case '\t':
      Out += "\\t";
      continue;
    default:
      break;
    }
    if (Style == QuoteStyle::CMake) {
      if (C == '$')
        Out += '\\';
      Out += C;
      continue;
    }
    if (!Schema) {
      if (Byte < 0x20) {
        char Buf[8];
        std::snprintf(Buf, sizeof(Buf), "\\u%04x", Byte);
        Out += Buf;
      } else {
        Out += C;
      }
      continue;
    }
    switch (C) {
    case '\'':
      Out += "\\'";
      break;
    case '\a':
      Out += "\\a";
      break;
    case '\b':
      Out += "\\b";
      break;
    case '\f':
      Out += "\\f";
      break;
    case '\v':
      Out += "\\v";
      break;
    default:
      if (Byte >= 0x20 && Byte < 0x7f) {
        Out += C;
      } else {
        Out += '\\';
        Out += static_cast<char>('0' + Byte / 64);
        Out += static_cast<char>('0' + Byte / 8 % 8);
        Out += static_cast<char>('0' + Byte % 8);
      }
    }
  }
  return Out + "\"";
}

void replaceAll(std::string &S, std::string_view From, std::string_view To) {
  if (From.empty())
    return;
  for (size_t Pos = S.find(From); Pos != std::string::npos;
       Pos = S.find(From, Pos + To.size()))
    S.replace(Pos, From.size(), To);
}

} // namespace opgen
