// The words and figures both seeds draw from: kinds of goods, colours, Vietnamese names and addresses,
// review comments. The demo picks from them in TypeScript; the bulk generator passes them to SQL as arrays.

/** A small, fast PRNG with a 32-bit state: the same seed gives the same store on every machine. */
export function mulberry32(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  return { next, int, pick, chance: (p: number) => next() < p }
}
export type Rng = ReturnType<typeof mulberry32>

export type Silhouette =
  | 'tshirt'
  | 'shirt'
  | 'jeans'
  | 'jacket'
  | 'dress'
  | 'shoe'
  | 'bag'
  | 'watch'
  | 'glasses'
  | 'cap'

export interface Kind {
  silhouette: Silhouette
  /** The category's name in the demo store. */
  category: string
  /** Product names start with one of these. */
  nouns: readonly string[]
  /** Words after the noun: material, cut, style. */
  styles: readonly string[]
  /** Price range in VND, whole thousands. */
  minPrice: number
  maxPrice: number
  /** Sizes a product of this kind may come in; empty for goods with no size. */
  sized: boolean
}

/** Ten kinds of goods; the index of a kind is used by SQL too, so only append. */
export const KINDS: readonly Kind[] = [
  {
    silhouette: 'tshirt',
    category: 'Áo thun',
    nouns: ['Áo thun cổ tròn', 'Áo thun oversize', 'Áo thun polo', 'Áo thun basic'],
    styles: ['cotton', 'cotton 100%', 'form rộng', 'in hình', 'thể thao', 'unisex'],
    minPrice: 99_000,
    maxPrice: 459_000,
    sized: true,
  },
  {
    silhouette: 'shirt',
    category: 'Áo sơ mi',
    nouns: ['Áo sơ mi', 'Áo sơ mi tay dài', 'Áo sơ mi công sở', 'Áo sơ mi linen'],
    styles: ['trơn', 'kẻ sọc', 'slim fit', 'cổ đức', 'chống nhăn'],
    minPrice: 229_000,
    maxPrice: 690_000,
    sized: true,
  },
  {
    silhouette: 'jeans',
    category: 'Quần jean',
    nouns: ['Quần jean', 'Quần jean ống đứng', 'Quần jean skinny', 'Quần kaki'],
    styles: ['slim fit', 'wash nhẹ', 'co giãn', 'ống rộng', 'rách gối'],
    minPrice: 299_000,
    maxPrice: 890_000,
    sized: true,
  },
  {
    silhouette: 'jacket',
    category: 'Áo khoác',
    nouns: ['Áo khoác dù', 'Áo khoác jean', 'Áo khoác bomber', 'Áo hoodie'],
    styles: ['chống nắng', 'hai lớp', 'có mũ', 'lót nỉ', 'chống nước'],
    minPrice: 359_000,
    maxPrice: 1_290_000,
    sized: true,
  },
  {
    silhouette: 'dress',
    category: 'Váy đầm',
    nouns: ['Đầm suông', 'Váy xòe', 'Đầm maxi', 'Váy công sở'],
    styles: ['hoa nhí', 'dáng dài', 'tay phồng', 'lụa', 'cổ vuông'],
    minPrice: 259_000,
    maxPrice: 990_000,
    sized: true,
  },
  {
    silhouette: 'shoe',
    category: 'Giày dép',
    nouns: ['Giày sneaker', 'Giày thể thao', 'Giày lười', 'Giày chạy bộ'],
    styles: ['đế êm', 'da lộn', 'canvas', 'siêu nhẹ', 'cổ thấp'],
    minPrice: 299_000,
    maxPrice: 1_850_000,
    sized: false,
  },
  {
    silhouette: 'bag',
    category: 'Túi xách',
    nouns: ['Túi xách tay', 'Túi tote', 'Túi đeo chéo', 'Balo mini'],
    styles: ['da PU', 'canvas', 'cỡ lớn', 'khóa kim loại', 'nhiều ngăn'],
    minPrice: 199_000,
    maxPrice: 1_450_000,
    sized: false,
  },
  {
    silhouette: 'watch',
    category: 'Đồng hồ',
    nouns: ['Đồng hồ nam', 'Đồng hồ nữ', 'Đồng hồ dây da', 'Đồng hồ thể thao'],
    styles: ['mặt tròn', 'chống nước', 'dây thép', 'máy quartz', 'mặt kính sapphire'],
    minPrice: 590_000,
    maxPrice: 4_500_000,
    sized: false,
  },
  {
    silhouette: 'glasses',
    category: 'Phụ kiện',
    nouns: ['Kính mát', 'Kính râm', 'Gọng kính', 'Kính thời trang'],
    styles: ['chống UV', 'gọng tròn', 'gọng vuông', 'phân cực'],
    minPrice: 49_000,
    maxPrice: 590_000,
    sized: false,
  },
  {
    silhouette: 'cap',
    category: 'Mũ nón',
    nouns: ['Mũ lưỡi trai', 'Nón kết', 'Mũ bucket', 'Nón snapback'],
    styles: ['thêu logo', 'vải kaki', 'chống nắng', 'unisex'],
    minPrice: 79_000,
    maxPrice: 259_000,
    sized: false,
  },
]

export interface Colour {
  name: string
  hex: string
}

/** Colours a product comes in; the name goes into the product's name, the hex into its picture. */
export const COLOURS: readonly Colour[] = [
  { name: 'Trắng', hex: '#f4f2ec' },
  { name: 'Đen', hex: '#2b2b2e' },
  { name: 'Xanh navy', hex: '#1f3a68' },
  { name: 'Xanh dương', hex: '#2f6fd6' },
  { name: 'Đỏ', hex: '#c93a3a' },
  { name: 'Hồng', hex: '#e98bb0' },
  { name: 'Be', hex: '#d8c3a5' },
  { name: 'Xám', hex: '#8a8f98' },
  { name: 'Xanh lá', hex: '#3f8f5a' },
  { name: 'Vàng', hex: '#e8b931' },
  { name: 'Nâu', hex: '#7a4e2d' },
  { name: 'Tím', hex: '#7b5ea7' },
  { name: 'Cam', hex: '#e67a2e' },
  { name: 'Xanh rêu', hex: '#5d6b3a' },
]

/** Soft backgrounds behind the goods. */
export const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['#fdf6ec', '#f3e3cc'],
  ['#eef5fb', '#d7e7f5'],
  ['#f1f8f1', '#d9ecd9'],
  ['#fbf0f3', '#f2d8e0'],
  ['#f4f1fa', '#e2daf2'],
  ['#f5f5f2', '#e4e4dc'],
  ['#fff8e6', '#f8e7b8'],
]

export const FAMILY_NAMES = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
] as const
export const MIDDLE_NAMES_MALE = ['Văn', 'Hữu', 'Đức', 'Minh', 'Quốc', 'Thành', 'Công', 'Gia'] as const
export const MIDDLE_NAMES_FEMALE = ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Mỹ', 'Kim', 'Bảo', 'Diệu'] as const
export const GIVEN_NAMES_MALE = [
  'An',
  'Bình',
  'Cường',
  'Dũng',
  'Hải',
  'Hùng',
  'Khoa',
  'Long',
  'Nam',
  'Phúc',
  'Quân',
  'Sơn',
  'Tài',
  'Thắng',
  'Trung',
  'Tuấn',
  'Việt',
  'Vinh',
] as const
export const GIVEN_NAMES_FEMALE = [
  'Anh',
  'Chi',
  'Dung',
  'Hà',
  'Hạnh',
  'Hoa',
  'Hương',
  'Lan',
  'Linh',
  'Mai',
  'My',
  'Nga',
  'Ngân',
  'Nhung',
  'Phương',
  'Quỳnh',
  'Thảo',
  'Trang',
  'Vy',
  'Yến',
] as const

/** Mobile prefixes of Vietnamese carriers (09x, 03x); seven digits follow. */
export const PHONE_PREFIXES = [
  '090',
  '091',
  '093',
  '094',
  '096',
  '097',
  '098',
  '032',
  '033',
  '034',
  '035',
  '036',
  '037',
  '038',
  '039',
] as const

/**
 * A province of the demo's addresses, by the 2025 units (CONTRACT 5.6): its official code and full name, streets
 * of its own, and some of its wards by code and full name, as `server/assets/places/vn-units-2025.json` has them.
 */
export interface Province {
  code: string
  name: string
  streets: readonly string[]
  wards: readonly (readonly [code: string, name: string])[]
}

export const PROVINCES: readonly Province[] = [
  {
    code: '01',
    name: 'Thành phố Hà Nội',
    streets: ['Phố Huế', 'Hàng Bài', 'Kim Mã', 'Xuân Thủy', 'Láng Hạ', 'Tràng Thi', 'Nguyễn Chí Thanh'],
    wards: [
      ['00004', 'Phường Ba Đình'],
      ['00008', 'Phường Ngọc Hà'],
      ['00070', 'Phường Hoàn Kiếm'],
      ['00082', 'Phường Cửa Nam'],
      ['00160', 'Phường Nghĩa Đô'],
      ['00166', 'Phường Cầu Giấy'],
      ['00190', 'Phường Ô Chợ Dừa'],
      ['00199', 'Phường Láng'],
      ['00235', 'Phường Đống Đa'],
    ],
  },
  {
    code: '79',
    name: 'Thành phố Hồ Chí Minh',
    streets: ['Lê Lợi', 'Nguyễn Huệ', 'Hai Bà Trưng', 'Điện Biên Phủ', 'Võ Văn Tần', 'Phan Xích Long'],
    wards: [
      ['26737', 'Phường Tân Định'],
      ['26740', 'Phường Sài Gòn'],
      ['26743', 'Phường Bến Thành'],
      ['26929', 'Phường Bình Thạnh'],
      ['26944', 'Phường Gia Định'],
      ['27073', 'Phường Phú Nhuận'],
      ['27094', 'Phường An Khánh'],
      ['27139', 'Phường Xuân Hoà'],
      ['27154', 'Phường Bàn Cờ'],
    ],
  },
  {
    code: '48',
    name: 'Thành phố Đà Nẵng',
    streets: ['Bạch Đằng', 'Lê Duẩn', 'Nguyễn Văn Linh', 'Trần Phú', 'Hùng Vương', 'Võ Nguyên Giáp'],
    wards: [
      ['20209', 'Phường Thanh Khê'],
      ['20242', 'Phường Hải Châu'],
      ['20257', 'Phường Hoà Cường'],
      ['20263', 'Phường Sơn Trà'],
      ['20275', 'Phường An Hải'],
    ],
  },
  {
    code: '92',
    name: 'Thành phố Cần Thơ',
    streets: ['Hòa Bình', '30 Tháng 4', 'Mậu Thân', 'Trần Hưng Đạo'],
    wards: [
      ['31120', 'Phường Cái Khế'],
      ['31135', 'Phường Ninh Kiều'],
      ['31147', 'Phường Tân An'],
    ],
  },
  {
    code: '31',
    name: 'Thành phố Hải Phòng',
    streets: ['Lạch Tray', 'Tô Hiệu', 'Điện Biên Phủ', 'Lê Lợi'],
    wards: [
      ['11329', 'Phường Ngô Quyền'],
      ['11359', 'Phường Gia Viên'],
      ['11383', 'Phường Lê Chân'],
      ['11407', 'Phường An Biên'],
    ],
  },
]

/** Every "ward, province" tail with its codes, flattened, for SQL to index into. */
export const ADDRESS_TAILS: readonly {
  tail: string
  wardCode: string
  provinceCode: string
  streets: readonly string[]
}[] = PROVINCES.flatMap((province) =>
  province.wards.map(([wardCode, ward]) => ({
    tail: `${ward}, ${province.name}`,
    wardCode,
    provinceCode: province.code,
    streets: province.streets,
  })),
)

/** Review comments by rating 1 to 5, in Vietnamese and English. */
export const REVIEW_COMMENTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  1: [
    'Chất vải mỏng, không như mô tả.',
    'Giao sai màu, phải đổi lại.',
    'Không đáng tiền.',
    'Poor stitching, very disappointed.',
    'Broke after a week.',
  ],
  2: [
    'Màu khác hình khá nhiều.',
    'Size không chuẩn, hơi chật.',
    'Giao hàng chậm, đóng gói sơ sài.',
    'Not as pictured.',
    'Runs small, had to return it.',
  ],
  3: [
    'Tạm ổn so với giá.',
    'Giao hơi chậm nhưng hàng ổn.',
    'Chất lượng bình thường.',
    'Okay for the price.',
    'Decent, nothing special.',
  ],
  4: [
    'Hàng đẹp, giao nhanh.',
    'Chất lượng tốt so với giá tiền.',
    'Mặc vừa, màu đẹp.',
    'Good quality, fits well.',
    'Nice, would buy again.',
  ],
  5: [
    'Rất hài lòng, sẽ ủng hộ tiếp.',
    'Áo đẹp, vải mát, đúng size.',
    'Đóng gói cẩn thận, shop tư vấn nhiệt tình.',
    'Excellent, exactly as described!',
    'Love it, great value.',
    'Tuyệt vời, đáng đồng tiền.',
  ],
}

export const CUSTOMER_NOTES = [
  '',
  '',
  '',
  'Giao giờ hành chính',
  'Gọi trước khi giao',
  'Để hàng ở bảo vệ giúp em',
  'Gói quà giúp mình nhé',
  'Please call before delivery',
  'Giao buổi tối sau 18h',
] as const

/** Brand names: a place or image, then a trade word; every pair is distinct. */
export const BRAND_FIRST = [
  'Sài Gòn',
  'Hà Thành',
  'Phố Hội',
  'Sông Hàn',
  'Tây Đô',
  'Mekong',
  'Lotus',
  'Bamboo',
  'Indochine',
  'Hạ Long',
] as const
export const BRAND_SECOND = ['Style', 'Mode', 'Wear', 'House', 'Studio', 'Craft', 'Atelier', 'Basic'] as const

/** Category names of the bulk store: a kind of goods, then who it is for. */
export const AUDIENCES = ['nam', 'nữ', 'trẻ em', 'unisex', 'công sở', 'thể thao'] as const

export const DESCRIPTIONS = [
  'Thiết kế hiện đại, dễ phối đồ, phù hợp đi làm và đi chơi.',
  'Chất liệu bền đẹp, đường may chắc chắn, giữ form sau nhiều lần giặt.',
  'Sản phẩm chính hãng, bảo hành đổi trả trong 7 ngày.',
  'Màu sắc trang nhã, phù hợp khí hậu nhiệt đới.',
  'Kiểu dáng trẻ trung, được nhiều khách hàng yêu thích.',
] as const

/** Whole VND, rounded to a thousand, shaped like shop prices (129000, 459000, 1250000). */
export function shopPrice(rng: Rng, min: number, max: number): number {
  const raw = min + rng.next() * (max - min)
  if (raw >= 1_000_000 && rng.chance(0.5)) return Math.round(raw / 50_000) * 50_000
  return Math.max(min, Math.round(raw / 10_000) * 10_000 - 1_000)
}
