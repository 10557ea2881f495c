/** The in-memory document of GET /api/bench/memory: ~120 product-like rows, about one catalogue page. */
const CATEGORIES = ['Rice', 'Oil', 'Lentils', 'Spices', 'Vegetables', 'Fish', 'Snacks', 'Drinks'];

export function memoryDocument(count = 120) {
  return {
    data: Array.from({ length: count }, (_, i) => {
      const id = i + 1;
      const category = CATEGORIES[i % CATEGORIES.length] ?? 'Other';
      return {
        id,
        name: `${category} no. ${id}`,
        category: { id: (i % CATEGORIES.length) + 1, name: category },
        unit: i % 3 === 0 ? '1 kg' : i % 3 === 1 ? '500 g' : '1 litre',
        price: 50 + ((id * 37) % 900),
        sale_price: i % 4 === 0 ? 45 + ((id * 37) % 800) : null,
        stock: (id * 13) % 200,
        status: 1,
        image: `/uploads/products/${category.toLowerCase()}-${id}.webp`,
        description: `Fresh ${category.toLowerCase()}, packed in Dhaka.`,
        created_at: new Date(Date.UTC(2026, 0, 1) + id * 3600_000).toISOString(),
      };
    }),
    meta: { page: 1, per_page: count, total: count },
  };
}
