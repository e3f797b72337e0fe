// SPDX-License-Identifier: GPL-3.0-or-later
// A fixed-size array whose elements are not initialised on construction.
//
// Move's default constructor zeroes it, so a plain `Move list[256]` (or an array of structs
// holding a Move) is zero-filled every time it is declared. Move lists are written before
// they are read, and the search declares several per node: the zeroing alone was about 15 %
// of `bench`'s instructions (callgrind). A union with a constructor that initialises no
// member leaves the storage as it is; assigning an element starts its lifetime, which the
// language allows for types with a trivial copy assignment and destructor.
#pragma once

#include <cstddef>
#include <type_traits>

namespace taper {

template <typename T, std::size_t N>
union UninitializedArray {
  static_assert(std::is_trivially_copy_assignable_v<T> && std::is_trivially_destructible_v<T>,
                "elements come to life by assignment");

  UninitializedArray() {}  // NOLINT: deliberately leaves `items` uninitialised

  T* data() { return items; }
  const T* data() const { return items; }
  T& operator[](std::size_t i) { return items[i]; }
  const T& operator[](std::size_t i) const { return items[i]; }

  T items[N];
};

}  // namespace taper
