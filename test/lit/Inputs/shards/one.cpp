#include "widened.h"
