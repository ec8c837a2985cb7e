#include "manyworlds/tetris/draw/image.hpp"

#include <fmt/format.h>
#include <gif_lib.h>
#include <png.h>

#include <algorithm>
#include <map>
#include <memory>

#include "manyworlds/core/error.hpp"

namespace manyworlds::tetris {
namespace {

void fill(Image& image, int x, int y, int width, int height, Rgb color) {
  int x0 = std::max(x, 0), y0 = std::max(y, 0);
  int x1 = std::min(x + width, image.width), y1 = std::min(y + height, image.height);
  for (int row = y0; row < y1; ++row) {
    std::uint8_t* p =
        image.rgb.data() + 3 * (std::size_t(row) * std::size_t(image.width) + std::size_t(x0));
    for (int col = x0; col < x1; ++col, p += 3) {
      p[0] = color.r;
      p[1] = color.g;
      p[2] = color.b;
    }
  }
}

// The distinct colours of the frames, in order of first appearance, and each pixel's index.
struct Indexed {
  std::vector<Rgb> palette;
  std::vector<std::vector<std::uint8_t>> pixels;  // per frame, width * height indices
  bool fits = true;                               // at most 256 colours
};

Indexed index_colors(const std::vector<const Image*>& frames) {
  Indexed out;
  std::map<Rgb, std::uint8_t> index;
  for (const Image* image : frames) {
    std::vector<std::uint8_t> pixels(std::size_t(image->width) * std::size_t(image->height));
    Rgb last{};
    std::uint8_t last_index = 0;
    bool have_last = false;
    for (std::size_t i = 0; i < pixels.size(); ++i) {
      Rgb c{image->rgb[3 * i], image->rgb[3 * i + 1], image->rgb[3 * i + 2]};
      if (!have_last || c != last) {
        auto it = index.find(c);
        if (it == index.end()) {
          if (out.palette.size() == 256) {
            out.fits = false;
            return out;
          }
          it = index.emplace(c, std::uint8_t(out.palette.size())).first;
          out.palette.push_back(c);
        }
        last = c;
        last_index = it->second;
        have_last = true;
      }
      pixels[i] = last_index;
    }
    out.pixels.push_back(std::move(pixels));
  }
  return out;
}

int gif_write(GifFileType* gif, const GifByteType* data, int length) {
  static_cast<std::string*>(gif->UserData)
      ->append(reinterpret_cast<const char*>(data), std::size_t(length));
  return length;
}

struct GifCloser {
  void operator()(GifFileType* gif) const {
    int error = 0;
    EGifCloseFile(gif, &error);
  }
};

struct MapFreer {
  void operator()(ColorMapObject* map) const { GifFreeMapObject(map); }
};

}  // namespace

Image rasterize(const Picture& picture) {
  Image image;
  image.width = picture.width;
  image.height = picture.height;
  image.rgb.assign(3 * std::size_t(picture.width) * std::size_t(picture.height), 0);
  for (const Box& b : picture.boxes) fill(image, b.x, b.y, b.width, b.height, b.color);
  return image;
}

// libpng's simplified API (png_image_write_to_memory): no setjmp, errors in image.message.
std::string encode_png(const Image& image) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = png_uint_32(image.width);
  png.height = png_uint_32(image.height);
  Indexed indexed = index_colors({&image});
  std::vector<std::uint8_t> colormap;
  const void* pixels = image.rgb.data();
  if (indexed.fits) {
    png.format = PNG_FORMAT_RGB_COLORMAP;
    png.colormap_entries = png_uint_32(indexed.palette.size());
    for (Rgb c : indexed.palette) colormap.insert(colormap.end(), {c.r, c.g, c.b});
    pixels = indexed.pixels.front().data();
  } else {
    png.format = PNG_FORMAT_RGB;
  }
  const void* map = colormap.empty() ? nullptr : colormap.data();
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory(&png, nullptr, &size, 0, pixels, 0, map)) {
    throw InputError(fmt::format("png: {}", png.message));
  }
  std::string out(size, '\0');
  if (!png_image_write_to_memory(&png, out.data(), &size, 0, pixels, 0, map)) {
    throw InputError(fmt::format("png: {}", png.message));
  }
  out.resize(size);
  return out;
}

std::string encode_gif(const std::vector<Picture>& frames, int delay, bool loop) {
  if (frames.empty()) throw InputError("gif: no frames");
  if (delay < 1 || delay > 65535) {
    throw InputError(fmt::format("gif: delay {} out of range 1..65535", delay));
  }
  const int width = frames.front().width, height = frames.front().height;
  // One palette: black (where no box is painted) and the boxes' colours.
  std::vector<Rgb> palette = {Rgb{0, 0, 0}};
  std::map<Rgb, std::uint8_t> index = {{Rgb{0, 0, 0}, 0}};
  for (const Picture& f : frames) {
    if (f.width != width || f.height != height) throw InputError("gif: frames differ in size");
    for (const Box& b : f.boxes) {
      if (index.contains(b.color)) continue;
      if (palette.size() == 256) throw InputError("gif: more than 256 colours");
      index.emplace(b.color, std::uint8_t(palette.size()));
      palette.push_back(b.color);
    }
  }

  // giflib wants a power-of-two palette; unused entries stay black.
  int bits = std::max(1, GifBitSize(int(palette.size())));
  std::unique_ptr<ColorMapObject, MapFreer> map(GifMakeMapObject(1 << bits, nullptr));
  if (!map) throw std::bad_alloc();
  for (std::size_t i = 0; i < palette.size(); ++i) {
    map->Colors[i] = GifColorType{palette[i].r, palette[i].g, palette[i].b};
  }

  std::string out;
  int error = 0;
  std::unique_ptr<GifFileType, GifCloser> gif(EGifOpen(&out, gif_write, &error));
  auto check = [&](int status, const char* what) {
    if (status == GIF_ERROR) {
      throw InputError(fmt::format("gif: {}: {}", what, GifErrorString(gif->Error)));
    }
  };
  if (!gif) throw InputError(fmt::format("gif: {}", GifErrorString(error)));
  EGifSetGifVersion(gif.get(), true);
  check(EGifPutScreenDesc(gif.get(), width, height, bits, 0, map.get()), "screen");
  if (loop) {
    // NETSCAPE2.0: sub-block 1, loop count 0 (forever), little-endian.
    static const GifByteType kNetscape[] = "NETSCAPE2.0";
    static const GifByteType kForever[] = {1, 0, 0};
    check(EGifPutExtensionLeader(gif.get(), APPLICATION_EXT_FUNC_CODE), "loop");
    check(EGifPutExtensionBlock(gif.get(), 11, kNetscape), "loop");
    check(EGifPutExtensionBlock(gif.get(), 3, kForever), "loop");
    check(EGifPutExtensionTrailer(gif.get()), "loop");
  }
  // Each frame after the first is only the rectangle where it differs from the one before,
  // drawn over it (disposal "do not dispose"): the same frames, a fraction of the bytes. Two
  // frames of palette indices are in memory at a time.
  const std::size_t area = std::size_t(width) * std::size_t(height);
  std::vector<std::uint8_t> pixels(area), before(area);
  for (std::size_t f = 0; f < frames.size(); ++f) {
    std::fill(pixels.begin(), pixels.end(), std::uint8_t(0));
    for (const Box& b : frames[f].boxes) {
      int bx0 = std::max(b.x, 0), by0 = std::max(b.y, 0);
      int bx1 = std::min(b.x + b.width, width), by1 = std::min(b.y + b.height, height);
      if (bx1 <= bx0) continue;
      std::uint8_t colour = index.at(b.color);
      for (int y = by0; y < by1; ++y) {
        std::uint8_t* row = pixels.data() + std::size_t(y) * std::size_t(width);
        std::fill(row + bx0, row + bx1, colour);
      }
    }
    int x0 = 0, y0 = 0, x1 = width, y1 = height;  // the rectangle [x0, x1) x [y0, y1)
    if (f > 0) {
      x0 = width, y0 = height, x1 = 0, y1 = 0;
      for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
          std::size_t i = std::size_t(y) * std::size_t(width) + std::size_t(x);
          if (pixels[i] == before[i]) continue;
          x0 = std::min(x0, x), x1 = std::max(x1, x + 1);
          y0 = std::min(y0, y), y1 = std::max(y1, y + 1);
        }
      }
      if (x1 == 0) x0 = 0, y0 = 0, x1 = 1, y1 = 1;  // unchanged: one pixel, as it was
    }
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.UserInputFlag = false;
    gcb.DelayTime = delay;
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType extension[4];
    std::size_t length = EGifGCBToExtension(&gcb, extension);
    check(EGifPutExtension(gif.get(), GRAPHICS_EXT_FUNC_CODE, int(length), extension), "delay");
    check(EGifPutImageDesc(gif.get(), x0, y0, x1 - x0, y1 - y0, false, nullptr), "frame");
    std::vector<GifPixelType> line(std::size_t(x1 - x0));  // EGifPutLine masks it in place
    for (int y = y0; y < y1; ++y) {
      auto row = pixels.begin() + std::ptrdiff_t(std::size_t(y) * std::size_t(width));
      std::copy(row + x0, row + x1, line.begin());
      check(EGifPutLine(gif.get(), line.data(), x1 - x0), "frame");
    }
    std::swap(pixels, before);
  }
  GifFileType* raw = gif.release();
  if (EGifCloseFile(raw, &error) == GIF_ERROR) {
    throw InputError(fmt::format("gif: {}", GifErrorString(error)));
  }
  return out;
}

}  // namespace manyworlds::tetris
