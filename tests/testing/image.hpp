#pragma once
// For tests that check pictures: PNG and GIF files decoded with the same libraries that wrote
// them (libpng's simplified API, giflib's DGifSlurp), into RGB pixels that tests can probe.
// Header-only (tests/testing/ is shared by every test program); link PNG::PNG and GIF::GIF.

#include <fmt/format.h>
#include <gif_lib.h>
#include <png.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace manyworlds::testing {

// 8-bit RGB pixels, row by row from the top-left corner.
struct Pixels {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
  // "#rrggbb" of the pixel at (x, y), as tetris::Rgb::hex() writes colours.
  std::string hex(int x, int y) const {
    std::size_t i = 3 * (std::size_t(y) * std::size_t(width) + std::size_t(x));
    return fmt::format("#{:02x}{:02x}{:02x}", rgb[i], rgb[i + 1], rgb[i + 2]);
  }
  // How many pixels have colour `hex`.
  std::size_t count(const std::string& color) const {
    std::size_t n = 0;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) n += hex(x, y) == color;
    }
    return n;
  }
};

// A PNG file's pixels; std::runtime_error when libpng cannot read it.
inline Pixels decode_png(const std::string& bytes) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) {
    throw std::runtime_error(std::string("png: ") + image.message);
  }
  image.format = PNG_FORMAT_RGB;
  Pixels out;
  out.width = int(image.width);
  out.height = int(image.height);
  out.rgb.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr)) {
    throw std::runtime_error(std::string("png: ") + image.message);
  }
  return out;
}

struct Gif {
  int width = 0, height = 0;
  std::vector<Pixels> frames;  // each frame composed over the previous one
  std::vector<int> delays;     // hundredths of a second, per frame
  std::optional<int> loops;    // NETSCAPE2.0 loop count (0: forever); nullopt: no extension
};

// A GIF file's frames; std::runtime_error when giflib cannot read it.
inline Gif decode_gif(const std::string& bytes) {
  struct Source {
    const std::string* bytes;
    std::size_t at = 0;
  } source{&bytes};
  auto read = [](GifFileType* gif, GifByteType* out, int length) -> int {
    auto* s = static_cast<Source*>(gif->UserData);
    std::size_t n = std::min(std::size_t(length), s->bytes->size() - s->at);
    std::memcpy(out, s->bytes->data() + s->at, n);
    s->at += n;
    return int(n);
  };
  int error = 0;
  GifFileType* gif = DGifOpen(&source, read, &error);
  if (!gif) throw std::runtime_error(std::string("gif: ") + GifErrorString(error));
  if (DGifSlurp(gif) == GIF_ERROR) {
    std::string message = GifErrorString(gif->Error);
    DGifCloseFile(gif, &error);
    throw std::runtime_error("gif: " + message);
  }
  Gif out;
  out.width = gif->SWidth;
  out.height = gif->SHeight;
  Pixels canvas{out.width, out.height,
                std::vector<std::uint8_t>(3 * std::size_t(out.width) * std::size_t(out.height))};
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& image = gif->SavedImages[i];
    for (int e = 0; e + 1 < image.ExtensionBlockCount; ++e) {
      const ExtensionBlock& b = image.ExtensionBlocks[e];
      if (b.Function == APPLICATION_EXT_FUNC_CODE && b.ByteCount == 11 &&
          std::memcmp(b.Bytes, "NETSCAPE2.0", 11) == 0) {
        const ExtensionBlock& data = image.ExtensionBlocks[e + 1];
        if (data.ByteCount == 3 && data.Bytes[0] == 1)
          out.loops = data.Bytes[1] | data.Bytes[2] << 8;
      }
    }
    GraphicsControlBlock gcb{};
    out.delays.push_back(DGifSavedExtensionToGCB(gif, i, &gcb) == GIF_OK ? gcb.DelayTime : -1);
    const ColorMapObject* map =
        image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
    const GifImageDesc& d = image.ImageDesc;
    for (int y = 0; y < d.Height; ++y) {
      for (int x = 0; x < d.Width; ++x) {
        int index = image.RasterBits[std::size_t(y) * std::size_t(d.Width) + std::size_t(x)];
        if (gcb.TransparentColor == index) continue;
        const GifColorType& c = map->Colors[index];
        std::size_t at =
            3 * (std::size_t(d.Top + y) * std::size_t(out.width) + std::size_t(d.Left + x));
        canvas.rgb[at] = c.Red;
        canvas.rgb[at + 1] = c.Green;
        canvas.rgb[at + 2] = c.Blue;
      }
    }
    out.frames.push_back(canvas);
  }
  DGifCloseFile(gif, &error);
  return out;
}

}  // namespace manyworlds::testing
