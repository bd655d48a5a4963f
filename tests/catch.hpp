#pragma once
// Catch2 v2 (Debian 12 ships 2.13) and v3 have different header layouts; the tests use only
// what both provide, through this one include.
#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#else
#include <catch2/catch.hpp>
#endif
