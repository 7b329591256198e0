// Opens a namespace that another system header closes.
namespace split {
