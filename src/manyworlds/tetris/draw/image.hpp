#pragma once
// Raster images of Pictures (picture.hpp) and their files: PNG through libpng and animated GIF
// through giflib (Debian's libpng-dev and libgif-dev).
//
// Why these two and not Cairo: a Picture is only axis-aligned boxes, so painting it into an RGB
// buffer is exact (no anti-aliasing, every pixel one of the theme's colours) and needs no
// graphics library; what needs a well-kept library is the file formats, and libpng and giflib
// are the reference implementations of theirs. With at most a few dozen colours per theme, a
// GIF takes the exact colours in one global palette (no quantisation, no dithering), and a PNG
// is written with a palette too (small files, the same pixels).

#include <cstdint>
#include <string>
#include <vector>

#include "manyworlds/tetris/draw/picture.hpp"
#include "manyworlds/tetris/draw/theme.hpp"

namespace manyworlds::tetris {

// 8-bit RGB pixels, row by row from the top-left corner.
struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;  // 3 * width * height bytes
  Rgb at(int x, int y) const {
    std::size_t i = 3 * (std::size_t(y) * std::size_t(width) + std::size_t(x));
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
  friend bool operator==(const Image&, const Image&) = default;
};

// The picture's pixels (black where no box is painted).
Image rasterize(const Picture& picture);

// PNG file bytes (8-bit palette when the image has at most 256 colours, else RGB).
std::string encode_png(const Image& image);

// Animated GIF89a file bytes: one frame per picture (all of one size), each shown `delay`
// hundredths of a second (1..65535), looping forever when `loop` (a NETSCAPE2.0 application
// extension, as sfinder writes). One global palette of the pictures' exact colours; each frame
// after the first stores only the rectangle that changed; two frames are in memory at a time.
// The frames' pixels are rasterize()'s. InputError when the pictures differ in size or use
// more than 255 colours together (black, where no box is, is the 256th).
std::string encode_gif(const std::vector<Picture>& frames, int delay, bool loop);

}  // namespace manyworlds::tetris
