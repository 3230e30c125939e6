#pragma once
// Fixture for the layer checker: core must not include the engine.
#include "parity/engine/engine.hpp"
