#include "cli/png.h"

#include <spng.h>

#include <memory>

#include "cli/files.h"
#include "core/errors.h"
#include "core/image/view.h"

namespace al::cli {

RgbaPicture read_png(const std::string& path) {
  const std::string bytes = read_file(path);
  const auto fail = [&](const std::string& why) { return AssetError("cannot read '" + path + "' as a PNG: " + why); };
  if (bytes.size() < 8 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0)
    throw fail("it is not a PNG file (PNG, for example from a screenshot tool, is what --image reads)");
  const std::unique_ptr<spng_ctx, void (*)(spng_ctx*)> ctx(spng_ctx_new(0), spng_ctx_free);
  if (!ctx) throw fail("out of memory");
  spng_set_image_limits(ctx.get(), image::kMaxSide, image::kMaxSide);
  spng_set_chunk_limits(ctx.get(), 1 << 24, 1 << 26);  // metadata chunks: at most 16 MiB each, 64 MiB in all
  spng_set_png_buffer(ctx.get(), bytes.data(), bytes.size());
  spng_ihdr ihdr{};
  if (const int e = spng_get_ihdr(ctx.get(), &ihdr)) throw fail(spng_strerror(e));
  RgbaPicture p;
  p.width = int(ihdr.width);
  p.height = int(ihdr.height);
  image::validate_rgba(std::size_t(p.width) * std::size_t(p.height) * 4, p.width, p.height);  // before allocating
  std::size_t size = 0;
  if (const int e = spng_decoded_image_size(ctx.get(), SPNG_FMT_RGBA8, &size)) throw fail(spng_strerror(e));
  p.rgba.resize(size);
  // SPNG_DECODE_TRNS: a palette or grey image's transparent colour becomes alpha 0
  if (const int e = spng_decode_image(ctx.get(), p.rgba.data(), size, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS))
    throw fail(spng_strerror(e));
  return p;
}

}  // namespace al::cli
