//===- SchemaTest.cpp - Tests for the schema printer and parser -----------===//
///
/// \file
/// The expected strings in the SchemaTorchPrinting tables are what
/// `str(torch._C.parse_schema(input))` prints with torch 2.11;
/// test/e2e/test_schema_corpus.py checks the corpus against torch itself.
//===----------------------------------------------------------------------===//

#include "opgen/model/Model.h"
#include "opgen/model/Schema.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

using namespace opgen;

namespace {

OpSchema parseOrFail(std::string_view Text) {
  llvm::Expected<OpSchema> S = parseSchema(Text);
  if (!S) {
    ADD_FAILURE() << "cannot parse '" << Text
                  << "': " << llvm::toString(S.takeError());
    return {};
  }
  return *S;
}

/// The definition form of the whole schema, namespace included.
std::string printDefinition(const OpSchema &S) {
  return S.fullName() + printSignature(S);
}

/// Checks that \p S survives both printers: the model reads back equal, and
/// printing is a fixpoint.
void expectRoundTrips(const OpSchema &S) {
  std::string Torch = printSchema(S);
  EXPECT_EQ(parseOrFail(Torch), S) << Torch;
  EXPECT_EQ(printSchema(parseOrFail(Torch)), Torch);
  std::string Definition = printDefinition(S);
  EXPECT_EQ(parseOrFail(Definition), S) << Definition;
  EXPECT_EQ(printDefinition(parseOrFail(Definition)), Definition);
}

/// Each pair is (input, what torch prints for it).
void expectTorchPrinting(
    const std::vector<std::pair<std::string, std::string>> &Cases) {
  for (const auto &[Input, Expected] : Cases) {
    SCOPED_TRACE(Input);
    OpSchema S = parseOrFail(Input);
    EXPECT_EQ(printSchema(S), Expected);
    expectRoundTrips(S);
  }
}

/// The offset and message of the error parsing \p Text.
std::pair<size_t, std::string> parseError(std::string_view Text) {
  llvm::Expected<OpSchema> S = parseSchema(Text);
  EXPECT_FALSE(S) << Text;
  if (S)
    return {};
  return schemaParseError(S.takeError());
}

/// Whether \p Text parses (the error, if any, is dropped).
bool parses(std::string_view Text) {
  llvm::Expected<OpSchema> S = parseSchema(Text);
  if (S)
    return true;
  llvm::consumeError(S.takeError());
  return false;
}

Argument argument(std::string Name, Type Ty,
                  std::optional<DefaultValue> Default = std::nullopt) {
  Argument A;
  A.Name = std::move(Name);
  A.Ty = std::move(Ty);
  A.Default = std::move(Default);
  return A;
}

DefaultValue defaultOf(decltype(DefaultValue::Value) V) {
  DefaultValue D;
  D.Value = std::move(V);
  return D;
}

AliasInfo aliasSet(std::string Set, bool IsWrite) {
  AliasInfo A;
  A.BeforeSets = {std::move(Set)};
  A.IsWrite = IsWrite;
  return A;
}

AliasInfo bareWrite() {
  AliasInfo A;
  A.IsWrite = true;
  return A;
}

} // namespace

//===----------------------------------------------------------------------===//
// Torch's printing
//===----------------------------------------------------------------------===//

TEST(SchemaTorchPrinting, Types) {
  expectTorchPrinting({
      {"ns::f(Tensor a, int b, SymInt c, float d, bool e, str f, Scalar g, "
       "ScalarType h, Layout i, MemoryFormat j, Device k, Generator l) -> ()",
       "ns::f(Tensor a, int b, SymInt c, float d, bool e, str f, Scalar g, "
       "ScalarType h, Layout i, MemoryFormat j, Device k, Generator l) -> ()"},
      {"ns::f(Tensor? a, Tensor[] b, Tensor?[] c, Tensor[]? d, Tensor?[]? e) "
       "-> ()",
       "ns::f(Tensor? a, Tensor[] b, Tensor?[] c, Tensor[]? d, Tensor?[]? e) "
       "-> ()"},
      {"ns::f(int[2] a, int[2]? b, int?[2] c, SymInt[]? d, int [ 3 ] e) -> ()",
       "ns::f(int[2] a, int[2]? b, int?[2] c, SymInt[]? d, int[3] e) -> ()"},
  });
}

TEST(SchemaTorchPrinting, Aliases) {
  expectTorchPrinting({
      {"ns::f(Tensor(a) self) -> Tensor(a)",
       "ns::f(Tensor(a) self) -> Tensor(a)"},
      {"ns::f(Tensor(a!) self, Tensor(b!) out) -> Tensor(b!)",
       "ns::f(Tensor(a!) self, Tensor(b!) out) -> Tensor(b!)"},
      {"ns::f(Tensor(a -> *) x, Tensor(a! -> *) y, Tensor(*) z) -> ()",
       "ns::f(Tensor(a -> *) x, Tensor(a! -> *) y, Tensor(*) z) -> ()"},
      {"ns::f(Tensor(a -> a) x) -> ()", "ns::f(Tensor(a) x) -> ()"},
      {"ns::f(Tensor(a|a) x) -> ()", "ns::f(Tensor(a) x) -> ()"},
      {"ns::f(Tensor(a!)[] x, Tensor[](b!) y, Tensor(a)[](b!) z) -> ()",
       "ns::f(Tensor(a!)[] x, Tensor[](b!) y, Tensor(a)[](b!) z) -> ()"},
      {"ns::f(Tensor(a!)? x, Tensor(a!)[]? y, Tensor[](a!)? z) -> ()",
       "ns::f(Tensor(a!)? x, Tensor(a!)[]? y, Tensor[](a!)? z) -> ()"},
      {"ns::f(Tensor(a!)[2] x) -> ()", "ns::f(Tensor(a!)[2] x) -> ()"},
      // What opgen writes for `x[]` in `aliases`/`mutates` and for optional
      // out arguments returned by value (vLLM, FBGEMM rows).
      {"ns::f(Tensor[](a) xs) -> Tensor[](a)", "ns::f(Tensor[](a) xs) -> Tensor[](a)"},
      {"ns::f(Tensor(a!)? x, Tensor(b!)? y) -> (Tensor(a!), Tensor(b!)?)",
       "ns::f(Tensor(a!)? x, Tensor(b!)? y) -> (Tensor(a!), Tensor(b!)?)"},
      {"ns::f(int(a) x) -> ()", "ns::f(int(a) x) -> ()"},
      {"ns::f(Tensor ( a ! -> * ) x) -> ()", "ns::f(Tensor(a! -> *) x) -> ()"},
      {"ns::f(Tensor! x, Tensor[]! y, Tensor(a!)[]! z) -> Tensor!",
       "ns::f(Tensor($0! -> ) x, Tensor[]($1! -> ) y, Tensor(a!)[]($2! -> ) z) "
       "-> Tensor($3! -> )"},
      {"ns::f(Tensor!? x, Tensor!?[] y) -> ()",
       "ns::f(Tensor($0! -> )? x, Tensor?($1! -> )[] y) -> ()"},
      {"ns::f(Tensor(a!)?[] x) -> ()", "ns::f(Tensor?(a!)[] x) -> ()"},
  });
}

TEST(SchemaTorchPrinting, IntDefaults) {
  expectTorchPrinting({
      {"ns::f(int a=0, int b=-1, int c= - 3, int d=007, int e=-0, int "
       "f=9223372036854775807, int g=-9223372036854775808) -> ()",
       "ns::f(int a=0, int b=-1, int c=-3, int d=7, int e=0, int "
       "f=9223372036854775807, int g=-9223372036854775808) -> ()"},
      {"ns::f(int a=1E5, int b=0x10, int c=1e5, int d=1.5) -> ()",
       "ns::f(int a=1, int b=0, int c=100000., int d=1.5) -> ()"},
      {"ns::f(SymInt a=1, int? b=None, int? c=-1, bool d=1, int e=True, int "
       "f=None) -> ()",
       "ns::f(SymInt a=1, int? b=None, int? c=-1, bool d=1, int e=True, int "
       "f=None) -> ()"},
  });
}

TEST(SchemaTorchPrinting, FloatDefaults) {
  expectTorchPrinting({
      {"ns::f(float a=1e-5, float b=1e-6, float c=0.1, float d=1, float e=1.5, "
       "float f=-0.) -> ()",
       "ns::f(float a=1.0000000000000001e-05, float b=9.9999999999999995e-07, "
       "float c=0.10000000000000001, float d=1., float e=1.5, float f=0.) -> "
       "()"},
      {"ns::f(float a=1e10, float b=1e17, float c=1e19, float "
       "d=-9223372036854775808.0, float e=1e300) -> ()",
       "ns::f(float a=10000000000., float b=100000000000000000., float "
       "c=1e+19, float d=-9223372036854775808., float "
       "e=1.0000000000000001e+300) -> ()"},
      {"ns::f(float a=.5, float b=5., float c=1E5, float d=0x10, float e=1e+5, "
       "float f=2.5e-308) -> ()",
       "ns::f(float a=0.5, float b=5., float c=100000., float d=16., float "
       "e=100000., float f=2.4999999999999998e-308) -> ()"},
      {"ns::f(float? a=1, float? b=1., float? c=None, Scalar d=1, Scalar "
       "e=1.5, Scalar f=1e10) -> ()",
       "ns::f(float? a=1, float? b=1., float? c=None, Scalar d=1, Scalar "
       "e=1.5, Scalar f=10000000000.) -> ()"},
  });
}

TEST(SchemaTorchPrinting, StringDefaults) {
  expectTorchPrinting({
      {"ns::f(str a='x', str b=\"y\", str? c=None, str? d='z', str e='', str "
       "f=\"\") -> ()",
       "ns::f(str a=\"x\", str b=\"y\", str? c=None, str? d=\"z\", str e=\"\", "
       "str f=\"\") -> ()"},
      {"ns::f(str a='it\\'s', str b=\"q\\\"q\", str c='a\"b', str d=\"a'b\") "
       "-> ()",
       "ns::f(str a=\"it\\'s\", str b=\"q\\\"q\", str c=\"a\\\"b\", str "
       "d=\"a\\'b\") -> ()"},
      {"ns::f(str a='\\n\\t\\\\', str b='\\a\\b\\f\\v', str c='\\101', str "
       "d='\\001\\177') -> ()",
       "ns::f(str a=\"\\n\\t\\\\\", str b=\"\\a\\b\\f\\v\", str c=\"A\", str "
       "d=\"\\001\\177\") -> ()"},
      {"ns::f(str a='''abc''', str b=\"\"\"a'b\"\"\", str c='''a''b''', str "
       "d='''''') -> ()",
       "ns::f(str a=\"abc\", str b=\"a\\'b\", str c=\"a\\'\\'b\", str d=\"\") "
       "-> ()"},
      {"ns::f(str a=1, str b=True) -> ()", "ns::f(str a=1, str b=True) -> ()"},
  });
}

TEST(SchemaTorchPrinting, ListDefaults) {
  expectTorchPrinting({
      {"ns::f(int[] a=[0, 1], int[] b=[], int[] c=[3], int[1] d=5, int[2] "
       "e=[1, 1], int[2] f=1, int[3] g=[], int[2] h=[1,2,3]) -> ()",
       "ns::f(int[] a=[0, 1], int[] b=[], int[] c=[3], int[1] d=[5], int[2] "
       "e=1, int[2] f=1, int[3] g=[], int[2] h=[1, 2, 3]) -> ()"},
      {"ns::f(SymInt[2] a=1, SymInt[] b=[0,0]) -> ()",
       "ns::f(SymInt[2] a=[1, 1], SymInt[] b=[0, 0]) -> ()"},
      {"ns::f(float[2] a=1, float[] b=[1, 2.5], float[] c=[0.1]) -> ()",
       "ns::f(float[2] a=[1., 1.], float[] b=[1., 2.5], float[] "
       "c=[0.10000000000000001]) -> ()"},
      {"ns::f(bool[2] a=True, bool[] b=[True, False]) -> ()",
       "ns::f(bool[2] a=[True, True], bool[] b=[True, False]) -> ()"},
      {"ns::f(int[]? a=None, int[]? b=1, Tensor[]? c=None, int[0] d=5) -> ()",
       "ns::f(int[]? a=None, int[]? b=1, Tensor[]? c=None, int[0] d=[]) -> ()"},
  });
}

TEST(SchemaTorchPrinting, NamedDefaults) {
  expectTorchPrinting({
      {"ns::f(int a=float, int b=long, int c=complex, int d=strided, int "
       "e=Mean, int f=contiguous_format) -> ()",
       "ns::f(int a=6, int b=4, int c=9, int d=0, int e=1, int f=0) -> ()"},
      {"ns::f(ScalarType a=float32, ScalarType b=int, ScalarType? c=bfloat16, "
       "ScalarType? d=None, ScalarType[] e=[half, float64]) -> ()",
       "ns::f(ScalarType a=6, ScalarType b=3, ScalarType? c=15, ScalarType? "
       "d=None, ScalarType[] e=[5, 7]) -> ()"},
      {"ns::f(Layout a=strided, MemoryFormat b=contiguous_format, "
       "MemoryFormat? c=None, Device? d=None) -> ()",
       "ns::f(Layout a=0, MemoryFormat b=0, MemoryFormat? c=None, Device? "
       "d=None) -> ()"},
      {"ns::f(Tensor a=None, Tensor? b=None, Generator? c=None, Generator "
       "d=None, Tensor? e=1) -> ()",
       "ns::f(Tensor a=None, Tensor? b=None, Generator? c=None, Generator "
       "d=None, Tensor? e=1) -> ()"},
  });
}

TEST(SchemaTorchPrinting, KwargOnly) {
  expectTorchPrinting({
      {"ns::f(Tensor self, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
       "ns::f(Tensor self, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)"},
      {"ns::f(*, *, int x) -> ()", "ns::f(*, int x) -> ()"},
      {"ns::f(int x, *) -> ()", "ns::f(int x) -> ()"},
      {"ns::f(*) -> ()", "ns::f() -> ()"},
      {"ns::f(int x, *, int y, *, int z) -> ()",
       "ns::f(int x, *, int y, int z) -> ()"},
      {"ns::f(int x=1, *, Tensor y) -> ()",
       "ns::f(int x=1, *, Tensor y) -> ()"},
      {"ns::f(int x=1, int[] y) -> ()", "ns::f(int x=1, int[] y) -> ()"},
  });
}

TEST(SchemaTorchPrinting, Returns) {
  expectTorchPrinting({
      {"ns::f() -> ()", "ns::f() -> ()"},
      {"ns::f() -> Tensor", "ns::f() -> Tensor"},
      {"ns::f() -> (Tensor)", "ns::f() -> Tensor"},
      {"ns::f() -> (Tensor, Tensor)", "ns::f() -> (Tensor, Tensor)"},
      {"ns::f() -> Tensor a", "ns::f() -> Tensor a"},
      {"ns::f() -> (Tensor a)", "ns::f() -> Tensor a"},
      {"ns::f() -> (Tensor values, Tensor indices)",
       "ns::f() -> (Tensor values, Tensor indices)"},
      {"ns::f() -> (Tensor[], int[2], float?, str[]?)",
       "ns::f() -> (Tensor[], int[2], float?, str[]?)"},
      {"ns::f() -> int[2] a", "ns::f() -> int[2] a"},
  });
}

TEST(SchemaTorchPrinting, Names) {
  expectTorchPrinting({
      {"f(Tensor x) -> Tensor", "f(Tensor x) -> Tensor"},
      {"ns::f.out(Tensor x) -> Tensor", "ns::f.out(Tensor x) -> Tensor"},
      {"f.Tensor_out(Tensor x) -> Tensor", "f.Tensor_out(Tensor x) -> Tensor"},
      {"ns : : f . ov (Tensor x) -> Tensor", "ns::f.ov(Tensor x) -> Tensor"},
      {"ns::f._x() -> ()", "ns::f._x() -> ()"},
      {"ns::f(int self, int float, int Tensor, int int, int _x0) -> ()",
       "ns::f(int self, int float, int Tensor, int int, int _x0) -> ()"},
  });
}

TEST(SchemaTorchPrinting, Whitespace) {
  expectTorchPrinting({
      {"  ns::f(   Tensor x,\n   int y) -> ()  ",
       "ns::f(Tensor x, int y) -> ()"},
      {"\nns::f(Tensor x # a comment\n) -> () # another\n",
       "ns::f(Tensor x) -> ()"},
      {"ns::f() \\\n -> ()", "ns::f() -> ()"},
      {"ns::f(Tensor\tx) ->\tTensor", "ns::f(Tensor x) -> Tensor"},
  });
}

//===----------------------------------------------------------------------===//
// Where torch's own printing does not parse back
//===----------------------------------------------------------------------===//

TEST(SchemaForms, BareWriteIsNumberedOnlyInTorchForm) {
  OpSchema S =
      parseOrFail("ns::f(Tensor! a, Tensor(b!) b, Tensor! c) -> Tensor!");
  EXPECT_EQ(S.Arguments[0].Ty.ElementAlias, bareWrite());
  EXPECT_EQ(S.Returns[0].Ty.ElementAlias, bareWrite());
  EXPECT_EQ(printSchema(S), "ns::f(Tensor($0! -> ) a, Tensor(b!) b, "
                            "Tensor($1! -> ) c) -> Tensor($2! -> )");
  EXPECT_EQ(printSchemaWithoutNamespace(S),
            "f(Tensor! a, Tensor(b!) b, Tensor! c) -> Tensor!");
  EXPECT_EQ(printType(S.Arguments[0].Ty), "Tensor!");
  expectRoundTrips(S);
}

TEST(SchemaForms, OptionalListElementAlias) {
  OpSchema S = parseOrFail("ns::f(Tensor(a!)?[] x) -> ()");
  Type Expected = Type::list(BaseType::Tensor);
  Expected.ElementOptional = true;
  Expected.ElementAlias = aliasSet("a", true);
  EXPECT_EQ(S.Arguments[0].Ty, Expected);
  EXPECT_EQ(printSchema(S), "ns::f(Tensor?(a!)[] x) -> ()");
  EXPECT_EQ(printSchemaWithoutNamespace(S), "f(Tensor(a!)?[] x) -> ()");
  expectRoundTrips(S);
}

TEST(SchemaForms, IntListOfEqualElements) {
  // torch prints any int list of equal elements as one element; that reads
  // back as the same list only when it has a fixed size equal to its length.
  OpSchema S = parseOrFail(
      "ns::f(int[] a=[0,0], int[3] b=[7, 7], int[2] c=[1, 1]) -> ()");
  EXPECT_EQ(printSchema(S), "ns::f(int[] a=0, int[3] b=7, int[2] c=1) -> ()");
  EXPECT_EQ(printSchemaWithoutNamespace(S),
            "f(int[] a=[0, 0], int[3] b=[7, 7], int[2] c=1) -> ()");
  EXPECT_EQ(parseOrFail(printDefinition(S)), S);
  EXPECT_FALSE(parses(printSchema(S)));
}

TEST(SchemaForms, OneDefaultValueStandsForAtMost1024Elements) {
  // `int[N] x=v` means N copies of v. torch builds them however many there
  // are; opgen stops at 1024 (found by test/fuzz: `int[2000000000] x=1`
  // allocated 16 GB).
  OpSchema S = parseOrFail("ns::f(int[1024] a=7, bool[3] b=True) -> ()");
  ASSERT_EQ(S.Arguments.size(), 2u);
  EXPECT_EQ(S.Arguments[0].Default,
            defaultOf(DefaultValue::IntList(1024, 7)));
  EXPECT_EQ(printSchemaWithoutNamespace(S),
            "f(int[1024] a=7, bool[3] b=[True, True, True]) -> ()");
  expectRoundTrips(S);

  auto [Offset, Message] = parseError("ns::f(int[1025] a=7) -> ()");
  EXPECT_EQ(Offset, 18u);
  EXPECT_EQ(Message, "a single default value stands for at most 1024 "
                           "list elements; write the list out");
  EXPECT_FALSE(parses("ns::f(int[2000000000] a=1) -> ()"));

  // Written out, a longer list parses; the definition form writes it out
  // again, so that it reads back. torch's form collapses it regardless.
  std::string Sevens = "7";
  for (int I = 1; I < 1025; ++I)
    Sevens += ", 7";
  std::string Long = "ns::f(int[1025] a=[" + Sevens + "]) -> ()";
  OpSchema L = parseOrFail(Long);
  EXPECT_EQ(printDefinition(L), Long);
  EXPECT_EQ(parseOrFail(printDefinition(L)), L);
  EXPECT_EQ(printSchema(L), "ns::f(int[1025] a=7) -> ()");
}

TEST(SchemaForms, AliasSetsKeepTheirWrittenOrder) {
  // torch keeps alias sets in a hash set and prints `(a|b)` as `(b|a)` but
  // `(b|a)` as `(a|b)`; no printer that is a fixpoint can follow that, so the
  // model keeps the written order.
  OpSchema S = parseOrFail("ns::f(Tensor(a|b) x, Tensor(b|a!) y) -> ()");
  EXPECT_EQ(S.Arguments[0].Ty.ElementAlias->BeforeSets,
            (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(printSchema(S), "ns::f(Tensor(a|b) x, Tensor(b|a!) y) -> ()");
  expectRoundTrips(S);
}

//===----------------------------------------------------------------------===//
// The model
//===----------------------------------------------------------------------===//

TEST(SchemaModel, PrintsAHandBuiltSchema) {
  Type Mutable = Type::scalar(BaseType::Tensor);
  Mutable.ElementAlias = aliasSet("a", true);
  Type OptionalFloat = Type::scalar(BaseType::Float);
  OptionalFloat.Optional = true;
  Type Pair = Type::list(BaseType::Int);
  Pair.FixedSize = 2;

  OpSchema S;
  S.Namespace = "mylib";
  S.Name = "scale";
  S.Overload = "out";
  S.Arguments = {
      argument("self", Type::scalar(BaseType::Tensor)),
      argument("factor", OptionalFloat, defaultOf(std::monostate())),
      argument("size", Type::list(BaseType::SymInt)),
      argument("stride", Pair, defaultOf(DefaultValue::IntList{1, 1})),
      argument("eps", Type::scalar(BaseType::Float), defaultOf(1e-5)),
      argument("mode", Type::scalar(BaseType::Str),
               defaultOf(std::string("fast"))),
      argument("out", Mutable),
  };
  S.Arguments.back().KwargOnly = true;
  S.Returns = {Return{"", Mutable}};

  EXPECT_EQ(S.qualifiedName(), "mylib::scale");
  EXPECT_EQ(S.fullName(), "mylib::scale.out");
  std::string Signature =
      "(Tensor self, float? factor=None, SymInt[] size, int[2] stride=1, "
      "float eps=1.0000000000000001e-05, str mode=\"fast\", *, Tensor(a!) "
      "out) -> Tensor(a!)";
  EXPECT_EQ(printSignature(S), Signature);
  EXPECT_EQ(printSchema(S), "mylib::scale.out" + Signature);
  EXPECT_EQ(printSchemaWithoutNamespace(S), "scale.out" + Signature);
  expectRoundTrips(S);
}

// The return forms the check phase builds for `at::Tensor&` tuples,
// `aliases`, `returns` and `std::vector<std::string>` (torch prints each so).
TEST(SchemaModel, PrintsTheReturnFormsOpgenInfers) {
  Type A = Type::scalar(BaseType::Tensor), B = A, View = A;
  A.ElementAlias = aliasSet("a", true);
  B.ElementAlias = aliasSet("b", true);
  View.ElementAlias = aliasSet("c", false);
  Type MaybeTensor = Type::scalar(BaseType::Tensor);
  MaybeTensor.Optional = true;

  OpSchema S;
  S.Namespace = "ns";
  S.Name = "f";
  S.Arguments = {argument("values", A), argument("indices", B),
                 argument("x", View)};
  S.Returns = {Return{"", A}, Return{"", B}};
  EXPECT_EQ(printSchema(S), "ns::f(Tensor(a!) values, Tensor(b!) indices, "
                            "Tensor(c) x) -> (Tensor(a!), Tensor(b!))");
  expectRoundTrips(S);
  S.Returns = {Return{"", View}};
  EXPECT_EQ(printSignature(S), "(Tensor(a!) values, Tensor(b!) indices, "
                               "Tensor(c) x) -> Tensor(c)");
  expectRoundTrips(S);
  S.Returns = {Return{"packed_segments", Type::scalar(BaseType::Tensor)},
               Return{"presence_mask", MaybeTensor}};
  EXPECT_EQ(printSignature(S).substr(printSignature(S).find("->")),
            "-> (Tensor packed_segments, Tensor? presence_mask)");
  expectRoundTrips(S);
  S.Returns = {Return{"", Type::list(BaseType::Str)}};
  EXPECT_EQ(printSignature(S).substr(printSignature(S).find("->")), "-> str[]");
  expectRoundTrips(S);
}

TEST(SchemaModel, SchemaWithoutNamespaceOrOverload) {
  OpSchema S;
  S.Name = "relu";
  S.Arguments = {argument("x", Type::scalar(BaseType::Tensor))};
  S.Returns = {Return{"", Type::scalar(BaseType::Tensor)},
               Return{"mask", Type::scalar(BaseType::Tensor)}};
  EXPECT_EQ(S.qualifiedName(), "relu");
  EXPECT_EQ(S.fullName(), "relu");
  EXPECT_EQ(printSchema(S), "relu(Tensor x) -> (Tensor, Tensor mask)");
  EXPECT_EQ(printSchemaWithoutNamespace(S), printSchema(S));
  expectRoundTrips(S);
  S.Returns.clear();
  EXPECT_EQ(printSchema(S), "relu(Tensor x) -> ()");
  expectRoundTrips(S);
}

TEST(SchemaModel, PrintsTypes) {
  Type T = Type::scalar(BaseType::Tensor);
  T.ElementAlias = aliasSet("a", true);
  T.Optional = true;
  EXPECT_EQ(printType(T), "Tensor(a!)?");

  T = Type::list(BaseType::Tensor);
  T.ElementOptional = true;
  EXPECT_EQ(printType(T), "Tensor?[]");

  T = Type::list(BaseType::Tensor);
  T.ElementAlias = aliasSet("a", true);
  EXPECT_EQ(printType(T), "Tensor(a!)[]");

  T = Type::list(BaseType::Tensor);
  T.ListAlias = aliasSet("b", false);
  EXPECT_EQ(printType(T), "Tensor[](b)");

  T = Type::list(BaseType::Int);
  T.FixedSize = 2;
  EXPECT_EQ(printType(T), "int[2]");

  T = Type::list(BaseType::SymInt);
  T.Optional = true;
  EXPECT_EQ(printType(T), "SymInt[]?");

  T = Type::scalar(BaseType::Tensor);
  T.ElementAlias = aliasSet("a", false);
  T.ElementAlias->AfterSets = {"*"};
  EXPECT_EQ(printType(T), "Tensor(a -> *)");
}

TEST(SchemaModel, PrintsDefaults) {
  Type Int = Type::scalar(BaseType::Int);
  Type Str = Type::scalar(BaseType::Str);
  Type IntPair = Type::list(BaseType::Int);
  IntPair.FixedSize = 2;
  Type SymIntPair = Type::list(BaseType::SymInt);
  SymIntPair.FixedSize = 2;
  EXPECT_EQ(printDefault(defaultOf(std::monostate()), Int), "None");
  EXPECT_EQ(printDefault(defaultOf(true), Int), "True");
  EXPECT_EQ(printDefault(defaultOf(int64_t(-3)), Int), "-3");
  EXPECT_EQ(printDefault(defaultOf(1.0), Int), "1.");
  EXPECT_EQ(printDefault(defaultOf(0.5), Int), "0.5");
  EXPECT_EQ(printDefault(defaultOf(1e-5), Int), "1.0000000000000001e-05");
  EXPECT_EQ(printDefault(defaultOf(1e19), Int), "1e+19");
  EXPECT_EQ(printDefault(defaultOf(std::string("a\"b'\n")), Str),
            R"("a\"b\'\n")");
  // torch garbles bytes >= 0x80; octal escapes are what its parser reads.
  EXPECT_EQ(printDefault(defaultOf(std::string("\xc3\xa9\r")), Str),
            R"("\303\251\015")");
  EXPECT_EQ(printDefault(defaultOf(DefaultValue::IntList{1, 1}), IntPair), "1");
  EXPECT_EQ(printDefault(defaultOf(DefaultValue::IntList{1, 2}), IntPair),
            "[1, 2]");
  EXPECT_EQ(printDefault(defaultOf(DefaultValue::IntList{1, 1}), SymIntPair),
            "[1, 1]");
  EXPECT_EQ(printDefault(defaultOf(DefaultValue::FloatList{1.0, 0.25}),
                         Type::list(BaseType::Float)),
            "[1., 0.25]");
  EXPECT_EQ(printDefault(defaultOf(DefaultValue::BoolList{true, false}),
                         Type::list(BaseType::Bool)),
            "[True, False]");
  EXPECT_EQ(printDefault(defaultOf(DefaultValue::IntList{}), IntPair), "[]");
}

TEST(SchemaModel, PrintsArguments) {
  Type Mutable = Type::scalar(BaseType::Tensor);
  Mutable.ElementAlias = aliasSet("a", true);
  EXPECT_EQ(printArgument(argument("out", Mutable)), "Tensor(a!) out");
  EXPECT_EQ(printArgument(argument("n", Type::scalar(BaseType::Int),
                                   defaultOf(int64_t(1)))),
            "int n=1");
}

TEST(SchemaModel, StringsWithAnyByteRoundTrip) {
  std::string Bytes;
  for (int C = 0; C < 256; ++C)
    Bytes += static_cast<char>(C);
  OpSchema S;
  S.Name = "f";
  S.Arguments = {argument("s", Type::scalar(BaseType::Str), defaultOf(Bytes))};
  expectRoundTrips(S);
}

TEST(SchemaModel, Equality) {
  EXPECT_EQ(defaultOf(DefaultValue::IntList{1, 2}),
            defaultOf(DefaultValue::IntList{1, 2}));
  EXPECT_NE(defaultOf(int64_t(1)), defaultOf(1.0));
  EXPECT_NE(defaultOf(DefaultValue::IntList{}),
            defaultOf(DefaultValue::FloatList{}));
  EXPECT_NE(defaultOf(std::monostate()), defaultOf(false));

  Type List = Type::list(BaseType::Int);
  EXPECT_EQ(List, Type::list(BaseType::Int));
  EXPECT_NE(List, Type::list(BaseType::SymInt));
  EXPECT_NE(List, Type::scalar(BaseType::Int));
  Type Other = List;
  Other.FixedSize = 2;
  EXPECT_NE(List, Other);
  Other = List;
  Other.ElementOptional = true;
  EXPECT_NE(List, Other);
  Other = List;
  Other.Optional = true;
  EXPECT_NE(List, Other);
  Other = List;
  Other.ElementAlias = aliasSet("a", false);
  EXPECT_NE(List, Other);
  Other = List;
  Other.ListAlias = aliasSet("a", false);
  EXPECT_NE(List, Other);
}

TEST(SchemaModel, BaseTypeNamesParseBack) {
  const std::pair<BaseType, std::string_view> Names[] = {
      {BaseType::Tensor, "Tensor"}, {BaseType::Int, "int"},
      {BaseType::SymInt, "SymInt"}, {BaseType::Float, "float"},
      {BaseType::Bool, "bool"},     {BaseType::Str, "str"},
      {BaseType::Scalar, "Scalar"}, {BaseType::ScalarType, "ScalarType"},
      {BaseType::Layout, "Layout"}, {BaseType::MemoryFormat, "MemoryFormat"},
      {BaseType::Device, "Device"}, {BaseType::Generator, "Generator"},
  };
  for (const auto &[Base, Name] : Names) {
    EXPECT_EQ(baseTypeName(Base), Name);
    OpSchema S = parseOrFail("f(" + std::string(Name) + " x) -> ()");
    EXPECT_EQ(S.Arguments[0].Ty, Type::scalar(Base)) << Name;
  }
}

TEST(SchemaModel, IsIdentifier) {
  for (const char *Name : {"x", "_x0", "self", "float", "Tensor", "out_"})
    EXPECT_TRUE(isIdentifier(Name)) << Name;
  for (const char *Name : {"", "0x", "a-b", "a.b", "a b", "def", "None", "True",
                           "if", "is", "not", "\xc3\xa9"})
    EXPECT_FALSE(isIdentifier(Name)) << Name;
}

//===----------------------------------------------------------------------===//
// What the parser builds
//===----------------------------------------------------------------------===//

TEST(SchemaParse, TypeForms) {
  OpSchema S = parseOrFail(
      "ns::f(Tensor?[] a, Tensor[]? b, int[2] c, int?[3]? d, int? e) -> ()");
  Type A = Type::list(BaseType::Tensor);
  A.ElementOptional = true;
  Type B = Type::list(BaseType::Tensor);
  B.Optional = true;
  Type C = Type::list(BaseType::Int);
  C.FixedSize = 2;
  Type D = Type::list(BaseType::Int);
  D.ElementOptional = true;
  D.FixedSize = 3;
  D.Optional = true;
  Type E = Type::scalar(BaseType::Int);
  E.Optional = true;
  ASSERT_EQ(S.Arguments.size(), 5u);
  EXPECT_EQ(S.Arguments[0].Ty, A);
  EXPECT_EQ(S.Arguments[1].Ty, B);
  EXPECT_EQ(S.Arguments[2].Ty, C);
  EXPECT_EQ(S.Arguments[3].Ty, D);
  EXPECT_EQ(S.Arguments[4].Ty, E);
}

TEST(SchemaParse, AliasAnnotations) {
  OpSchema S = parseOrFail(
      "ns::f(Tensor(a) a, Tensor(a!) b, Tensor(a -> a) c, Tensor(a! -> *) d, "
      "Tensor(*) e, Tensor! f, Tensor(a!)[](b) g, Tensor($7! -> ) h) -> ()");
  ASSERT_EQ(S.Arguments.size(), 8u);
  EXPECT_EQ(*S.Arguments[0].Ty.alias(), aliasSet("a", false));
  EXPECT_EQ(*S.Arguments[1].Ty.alias(), aliasSet("a", true));
  // An unchanged after-set is dropped: `(a -> a)` is `(a)`.
  EXPECT_EQ(*S.Arguments[2].Ty.alias(), aliasSet("a", false));
  AliasInfo ToWildcard = aliasSet("a", true);
  ToWildcard.AfterSets = {"*"};
  EXPECT_EQ(*S.Arguments[3].Ty.alias(), ToWildcard);
  EXPECT_EQ(*S.Arguments[4].Ty.alias(), aliasSet("*", false));
  EXPECT_EQ(*S.Arguments[5].Ty.alias(), bareWrite());
  EXPECT_EQ(S.Arguments[6].Ty.ElementAlias, aliasSet("a", true));
  EXPECT_EQ(S.Arguments[6].Ty.ListAlias, aliasSet("b", false));
  // torch's printed spelling of a bare `!`.
  EXPECT_EQ(*S.Arguments[7].Ty.alias(), bareWrite());
}

TEST(SchemaParse, DefaultValueKinds) {
  OpSchema S = parseOrFail(
      "ns::f(float a=1, float? b=1, Scalar c=2.5, int d=1E5, "
      "ScalarType e=float32, int f=long, int[2] g=3, bool h=True, "
      "str i='\\101\\n', Tensor? j=None, float[] k=[1, 2], bool[] l=[False], "
      "int[] m=[]) -> ()");
  std::vector<DefaultValue> Expected = {
      defaultOf(1.0),        // float arguments read floats
      defaultOf(int64_t(1)), // other types go by the literal
      defaultOf(2.5),
      defaultOf(int64_t(1)), // only the digits before `E`
      defaultOf(int64_t(6)), // c10::ScalarType::Float
      defaultOf(int64_t(4)), // c10::ScalarType::Long
      defaultOf(DefaultValue::IntList{3, 3}),
      defaultOf(true),
      defaultOf(std::string("A\n")),
      defaultOf(std::monostate()),
      defaultOf(DefaultValue::FloatList{1.0, 2.0}),
      defaultOf(DefaultValue::BoolList{false}),
      defaultOf(DefaultValue::IntList{}),
  };
  ASSERT_EQ(S.Arguments.size(), Expected.size());
  for (size_t I = 0; I < Expected.size(); ++I) {
    ASSERT_TRUE(S.Arguments[I].Default) << S.Arguments[I].Name;
    EXPECT_EQ(*S.Arguments[I].Default, Expected[I]) << S.Arguments[I].Name;
  }
}

TEST(SchemaParse, KwargOnlyAndReturnNames) {
  OpSchema S = parseOrFail(
      "ns::f(Tensor x, *, int y, Tensor(a!) out) -> (Tensor(a!) out, Tensor)");
  ASSERT_EQ(S.Arguments.size(), 3u);
  EXPECT_FALSE(S.Arguments[0].KwargOnly);
  EXPECT_TRUE(S.Arguments[1].KwargOnly);
  EXPECT_TRUE(S.Arguments[2].KwargOnly);
  ASSERT_EQ(S.Returns.size(), 2u);
  EXPECT_EQ(S.Returns[0].Name, "out");
  EXPECT_EQ(S.Returns[1].Name, "");
}

TEST(SchemaParse, Errors) {
  struct Case {
    std::string Text;
    size_t Offset;
    std::string Message;
  };
  const Case Cases[] = {
      {"ns::f(Dimname x) -> ()", 6, "unknown type 'Dimname'"},
      {"ns::f(Tensor x) -> ", 19, "expected a type but found end of input"},
      {"ns::f(Tensor x", 14, "expected ')' but found end of input"},
      {"ns::f(Tensor x) Tensor", 16, "expected '->' but found 'Tensor'"},
      {"ns::f(int x,) -> ()", 12, "expected a type but found ')'"},
      {"ns::f() -> () extra", 14, "unexpected 'extra' after the schema"},
      {"ns::f(int $x) -> ()", 10, "unexpected character '$'"},
      {"ns::f() -> Tensor\nns::g() -> Tensor", 18,
       "unexpected newline outside parentheses"},
      {"ns::f(int def) -> ()", 10, "expected an argument name but found 'def'"},
      {"ns::f.default() -> ()", 6, "'default' is not a valid overload name"},
      {"ns::f.__call__() -> ()", 6, "'__call__' is not a valid overload name"},
      {"ns::f(...) -> ()", 6, "varargs '...' are not supported"},
      {"ns::f(int[][] x) -> ()", 11,
       "nested list and optional types are not supported"},
      {"ns::f(Tensor?(a!) x) -> ()", 18,
       "an alias annotation goes before '?' unless '[]' follows"},
      {"ns::f(Tensor[]?(a!) x) -> ()", 15,
       "an alias annotation goes right after the type name or its '[]', "
       "before '?'"},
      {"ns::f(Tensor(*|a) x) -> ()", 15,
       "only '*' may follow the wildcard '*'"},
      {"ns::f(Tensor() x) -> ()", 13,
       "expected an alias set name but found ')'"},
      {"ns::f(int x=1, int y) -> ()", 15,
       "positional argument 'y' without a default follows one with a "
       "default"},
      // Only plain lists are exempt (torch keeps that for BC).
      {"ns::f(int x=1, int[]? y) -> ()", 15,
       "positional argument 'y' without a default follows one with a "
       "default"},
      {"ns::f(Tensor x=1) -> ()", 15, "a Tensor default must be None"},
      {"ns::f(int[] y=[1.5]) -> ()", 14,
       "every element of this list default must be an int"},
      {"ns::f(int[] x=None) -> ()", 14, "expected '[' but found 'None'"},
      {"ns::f(str[] s=[\"a\"]) -> ()", 14,
       "list defaults are only supported for int, float and bool lists"},
      {"ns::f(int x=1j) -> ()", 12, "complex default values are not supported"},
      {"ns::f(int x=9223372036854775808) -> ()", 12, "number out of range"},
      {"ns::f(float x=long) -> ()", 14,
       "a float default must be a number, not 'long'"},
      {"ns::f(int x=bfloat16) -> ()", 12, "invalid default value 'bfloat16'"},
      {"ns::f(int x=\"a\") -> ()", 12,
       "only str arguments take string defaults: torch prints others "
       "unquoted, which does not parse back"},
      {"ns::f(Device d=\"cpu\") -> ()", 15,
       "Device defaults are not supported: torch prints them unquoted, which "
       "does not parse back"},
      {"ns::f(str s='abc) -> ()", 12, "unterminated string literal"},
      {"ns::f(str s='\\x41') -> ()", 12, "hex escapes are not supported"},
      {"ns::f(str s='\\0') -> ()", 12,
       "ill-formed escape (octal escapes take three digits)"},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Text);
    auto [Offset, Message] = parseError(C.Text);
    EXPECT_EQ(Offset, C.Offset);
    EXPECT_EQ(Message, C.Message);
  }
  llvm::Expected<OpSchema> Cut = parseSchema("ns::f(");
  ASSERT_FALSE(Cut);
  EXPECT_EQ(llvm::toString(Cut.takeError()),
            "6: expected a type but found end of input");
}

//===----------------------------------------------------------------------===//
// Real schemas
//===----------------------------------------------------------------------===//

TEST(SchemaCorpus, EveryRowParsesAndRoundTrips) {
  std::ifstream In(OPGEN_CORPUS_TSV);
  ASSERT_TRUE(In) << "cannot open " << OPGEN_CORPUS_TSV;
  size_t Rows = 0;
  std::string Line;
  while (std::getline(In, Line)) {
    if (Line.empty() || Line[0] == '#')
      continue;
    size_t Tab = Line.find('\t');
    size_t SecondTab = Line.find('\t', Tab + 1);
    ASSERT_NE(SecondTab, std::string::npos) << Line;
    SCOPED_TRACE(Line.substr(0, Tab));
    ++Rows;
    llvm::Expected<OpSchema> S =
        parseSchema(std::string_view(Line).substr(SecondTab + 1));
    if (!S) {
      ADD_FAILURE() << llvm::toString(S.takeError());
      continue;
    }
    expectRoundTrips(*S);
  }
  EXPECT_EQ(Rows, 290u);
}

// The one table of C++ ScalarType constants and torch dtypes, which the
// Python fakes spell and opgen migrate reads an output's dtype from: every
// spelling torch's headers have (at::kFloat, at::ScalarType::Long, the
// aliases of torch/types.h), and none for what is no dtype.
TEST(ScalarTypes, TorchDtypeOfEverySpelling) {
  EXPECT_EQ(torchDtypeOf("at::kFloat"), "float32");
  EXPECT_EQ(torchDtypeOf("at::ScalarType::Long"), "int64");
  EXPECT_EQ(torchDtypeOf("c10::kBFloat16"), "bfloat16");
  EXPECT_EQ(torchDtypeOf("torch::kFloat32"), "float32");
  EXPECT_EQ(torchDtypeOf("torch::kInt32"), "int32");
  EXPECT_EQ(torchDtypeOf("torch::kUInt16"), "uint16");
  EXPECT_EQ(torchDtypeOf("Bool"), "bool");
  EXPECT_EQ(torchDtypeOf("at::ScalarType::ComplexFloat"), "complex64");
  EXPECT_EQ(torchDtypeOf("at::kStrided"), std::nullopt);
  EXPECT_EQ(torchDtypeOf("kFloatX"), std::nullopt);
  EXPECT_EQ(torchDtypeOf("k"), std::nullopt);
}
