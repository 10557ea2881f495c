/**
 * A generated grocery catalogue for bench/catalog.ts, written with plain SQL (no app code on the
 * write path): a three-level category tree (~60 categories), ~90 brands, and products titled like a
 * Bangladeshi grocery's ("Pran Mango Juice 1 litre", "Teer Gold Soybean Oil 5 litre"), with unique
 * in-store EAN-13 barcodes, sizes of one item sharing a variant group, a few offers and popular
 * products, no images. Deterministic: the same seed gives the same catalogue.
 *
 * Some products get a scale item code (PLU) for the barcode lookup's labels (`assignPlus`).
 *
 * Also the search texts of the benchmark, drawn from the generated titles: whole words, prefixes,
 * two-word phrases, and one-typo variants of words and phrases.
 */
import type pg from 'pg';
import { inStoreEan13 } from '../apps/server/src/modules/catalog/barcode';

type Leaf = {
  title: string;
  /** Item names; the title is brand (+ variant) + item + size. */
  items: string[];
  sizes: string[];
  brands: string[];
  /** Price range of the smallest size, whole taka. */
  price: [number, number];
};
type Mid = { title: string; leaves: Leaf[] };
type Top = { title: string; food: boolean; mids: Mid[] };

const GRAM = ['100 g', '200 g', '500 g', '1 kg'];
const KG = ['500 g', '1 kg', '2 kg', '5 kg'];
const LITRE = ['250 ml', '500 ml', '1 litre', '2 litre'];
const OIL = ['500 ml', '1 litre', '2 litre', '5 litre'];
const ML = ['50 ml', '100 ml', '200 ml', '400 ml'];
const FARM = ['Local Farm', 'Chashi', 'Fresh Harvest', 'Green Valley', 'Krishi Bazar', 'Organic Garden'];

const TREE: Top[] = [
  {
    title: 'Fresh Food',
    food: true,
    mids: [
      {
        title: 'Fruits & Vegetables',
        leaves: [
          {
            title: 'Fresh Fruits',
            items: ['Banana', 'Mango', 'Guava', 'Papaya', 'Apple', 'Orange', 'Pineapple', 'Litchi', 'Grapes'],
            sizes: ['500 g', '1 kg', '2 kg', '1 dozen'],
            brands: FARM,
            price: [60, 250],
          },
          {
            title: 'Fresh Vegetables',
            items: [
              'Potato',
              'Onion',
              'Tomato',
              'Cauliflower',
              'Cabbage',
              'Brinjal',
              'Green Chili',
              'Carrot',
              // Loose goods sold by weight, as a Dhaka shop's vegetable corner has them.
              'Bottle Gourd',
              'Pumpkin',
              'Spinach',
              'Red Amaranth',
              'Cucumber',
              'Bitter Gourd',
              'Pointed Gourd',
              'Ginger',
              'Garlic',
              'Lemon',
            ],
            sizes: ['250 g', '500 g', '1 kg', '2 kg'],
            brands: FARM,
            price: [20, 120],
          },
        ],
      },
      {
        title: 'Meat & Fish',
        leaves: [
          {
            title: 'Chicken',
            items: [
              'Broiler Chicken',
              'Chicken Breast',
              'Chicken Drumstick',
              'Deshi Chicken',
              'Chicken Wings',
            ],
            sizes: ['500 g', '1 kg', '1.5 kg', '2 kg'],
            brands: ['Kazi Farms', 'Aftab', 'Paragon', 'CP', 'Bengal Meat'],
            price: [180, 450],
          },
          {
            title: 'Beef & Mutton',
            items: ['Beef Bone In', 'Boneless Beef', 'Mutton', 'Beef Keema', 'Beef Liver'],
            sizes: ['500 g', '1 kg', '2 kg'],
            brands: ['Bengal Meat', 'Meat Bazar', 'Kazi Farms', 'Fresh Meat'],
            price: [350, 1100],
          },
          {
            title: 'Fish',
            items: ['Rui Fish', 'Hilsa Fish', 'Pangas Fish', 'Tilapia', 'Prawn', 'Pabda Fish', 'Katla Fish'],
            sizes: ['500 g', '1 kg', '1.5 kg', '2 kg'],
            brands: ['Deshi Fish', 'Padma Fish', 'Sea Catch', 'Meghna Fish'],
            price: [180, 1400],
          },
        ],
      },
    ],
  },
  {
    title: 'Groceries',
    food: true,
    mids: [
      {
        title: 'Rice & Flour',
        leaves: [
          {
            title: 'Rice',
            items: ['Miniket Rice', 'Nazirshail Rice', 'Basmati Rice', 'Chinigura Rice', 'Atop Rice'],
            sizes: KG,
            brands: ['Pran', 'ACI', 'Teer', 'Fresh', 'Chashi', 'Rupchanda', 'Aarong', 'Ispahani'],
            price: [70, 180],
          },
          {
            title: 'Atta & Flour',
            items: [
              'Atta',
              'Maida',
              'Suji',
              'Besan',
              'Rice Flour',
              'Corn Flour',
              'Puffed Rice',
              'Flattened Rice',
            ],
            sizes: KG,
            brands: ['Teer', 'Fresh', 'Pran', 'ACI', 'Bashundhara', 'Ifad', 'Rupchanda'],
            price: [45, 140],
          },
        ],
      },
      {
        title: 'Dal & Oil',
        leaves: [
          {
            title: 'Dal & Lentils',
            items: ['Masoor Dal', 'Moog Dal', 'Chola Boot', 'Khesari Dal', 'Mashkalai Dal', 'Anchor Dal'],
            sizes: GRAM,
            brands: ['ACI', 'Pran', 'Radhuni', 'Teer', 'Fresh', 'Chashi', 'Aarong'],
            price: [60, 180],
          },
          {
            title: 'Cooking Oil',
            items: ['Soybean Oil', 'Mustard Oil', 'Rice Bran Oil', 'Sunflower Oil', 'Olive Oil', 'Palm Oil'],
            sizes: OIL,
            brands: ['Teer', 'Rupchanda', 'Fresh', 'Pusti', 'Bashundhara', 'Radhuni', 'Kings', 'Sena'],
            price: [90, 600],
          },
          {
            title: 'Ghee',
            items: ['Pure Ghee', 'Butter Oil', 'Cow Ghee'],
            sizes: ['100 g', '200 g', '400 g', '900 g'],
            brands: ['Pran', 'Aarong', 'Milk Vita', 'Igloo', 'Radhuni'],
            price: [150, 1200],
          },
        ],
      },
      {
        title: 'Spices & Salt',
        leaves: [
          {
            title: 'Powder Spices',
            items: [
              'Turmeric Powder',
              'Chili Powder',
              'Coriander Powder',
              'Cumin Powder',
              'Garam Masala',
              'Beef Masala',
              'Chicken Masala',
              'Biryani Masala',
            ],
            sizes: ['50 g', '100 g', '200 g', '500 g'],
            brands: ['Radhuni', 'Pran', 'BD Food', 'Arku', 'Fresh', 'Square'],
            price: [30, 160],
          },
          {
            title: 'Salt & Sugar',
            items: [
              'Iodized Salt',
              'White Sugar',
              'Brown Sugar',
              'Rock Salt',
              'Sugar Cubes',
              'Date Molasses',
            ],
            sizes: ['500 g', '1 kg', '2 kg'],
            brands: ['ACI', 'Molla', 'Fresh', 'Teer', 'Confidence', 'Deshbondhu'],
            price: [35, 160],
          },
        ],
      },
    ],
  },
  {
    title: 'Beverages',
    food: true,
    mids: [
      {
        title: 'Tea & Coffee',
        leaves: [
          {
            title: 'Tea',
            items: ['Black Tea', 'Green Tea', 'Tea Bags', 'Masala Tea', 'Lemon Tea'],
            sizes: ['50 g', '200 g', '400 g', '500 g'],
            brands: ['Ispahani', 'Seylon', 'Tetley', 'Taaza', 'Finlay', 'Kazi & Kazi', 'Lipton'],
            price: [60, 450],
          },
          {
            title: 'Coffee',
            items: ['Instant Coffee', 'Classic Coffee', 'Coffee Mix', 'Ground Coffee'],
            sizes: ['50 g', '100 g', '200 g'],
            brands: ['Nescafe', 'Davidoff', 'Bru', 'Cafe Rio', 'Coffee World'],
            price: [120, 900],
          },
        ],
      },
      {
        title: 'Juice & Soft Drinks',
        leaves: [
          {
            title: 'Juice',
            items: [
              'Mango Juice',
              'Orange Juice',
              'Litchi Drink',
              'Apple Juice',
              'Guava Juice',
              'Mixed Fruit',
            ],
            sizes: LITRE,
            brands: ['Pran', 'Shezan', 'Frutika', 'Ceres', 'Danish', 'Acme', 'Akij'],
            price: [25, 220],
          },
          {
            title: 'Soft Drinks',
            items: ['Cola', 'Lemon Soda', 'Orange Soda', 'Energy Drink', 'Clear Lemon'],
            sizes: LITRE,
            brands: ['Coca-Cola', 'Pepsi', 'Mojo', 'Speed', 'Clemon', 'Sprite', 'Fanta', 'RC'],
            price: [20, 150],
          },
          {
            title: 'Water',
            items: ['Drinking Water', 'Mineral Water', 'Soda Water'],
            sizes: ['500 ml', '1 litre', '2 litre', '5 litre'],
            brands: ['Mum', 'Kinley', 'Aquafina', 'Fresh', 'Spa', 'Jibon'],
            price: [15, 90],
          },
        ],
      },
    ],
  },
  {
    title: 'Snacks & Breakfast',
    food: true,
    mids: [
      {
        title: 'Biscuits & Cakes',
        leaves: [
          {
            title: 'Biscuits',
            items: [
              'Cream Biscuit',
              'Butter Cookies',
              'Digestive Biscuit',
              'Salted Cracker',
              'Chocolate Cookies',
              'Toast Biscuit',
            ],
            sizes: ['75 g', '150 g', '300 g', '500 g'],
            brands: ['Olympic', 'Danish', 'Pran', 'Haque', 'Bisk Club', 'Nabisco', 'Romania', 'Kishwan'],
            price: [10, 260],
          },
          {
            title: 'Cakes',
            items: ['Fruit Cake', 'Sponge Cake', 'Chocolate Cake', 'Pound Cake', 'Cup Cake'],
            sizes: ['1 pc', '250 g', '400 g'],
            brands: ['Cooper', 'Well Food', 'Bombay Sweets', 'Haque', 'Olympic'],
            price: [20, 450],
          },
        ],
      },
      {
        title: 'Noodles & Chips',
        leaves: [
          {
            title: 'Noodles',
            items: ['Instant Noodles', 'Chicken Noodles', 'Masala Noodles', 'Cup Noodles', 'Hakka Noodles'],
            sizes: ['62 g', '4 pack', '8 pack', '12 pack'],
            brands: ['Maggi', 'Mr. Noodles', 'Cocola', 'Ifad', 'Knorr', 'Doodles'],
            price: [18, 260],
          },
          {
            title: 'Chips & Chanachur',
            items: ['Potato Chips', 'Chanachur', 'Corn Chips', 'Dal Bhaji', 'Jhal Muri', 'Potato Crackers'],
            sizes: ['25 g', '50 g', '150 g', '350 g'],
            brands: ['Bombay Sweets', 'Pran', 'Mr. Twist', 'Sun Chips', 'Kishwan', 'BD Food'],
            price: [10, 180],
          },
        ],
      },
      {
        title: 'Dairy & Breakfast',
        leaves: [
          {
            title: 'Milk',
            items: ['Liquid Milk', 'Full Cream Milk Powder', 'Chocolate Milk', 'Flavoured Milk', 'Yogurt'],
            sizes: ['200 ml', '500 ml', '1 litre', '500 g'],
            brands: ['Milk Vita', 'Aarong', 'Pran', 'Farm Fresh', 'Dano', 'Marks', 'Diploma', 'Fresh'],
            price: [25, 850],
          },
          {
            title: 'Eggs',
            items: ['Farm Eggs', 'Deshi Eggs', 'Duck Eggs', 'Brown Eggs'],
            sizes: ['6 pcs', '12 pcs', '30 pcs'],
            brands: ['Kazi Farms', 'Paragon', 'Local Farm', 'Aftab'],
            price: [70, 420],
          },
          {
            title: 'Cereals & Spreads',
            items: ['Corn Flakes', 'Oats', 'Muesli', 'Mixed Fruit Jam', 'Peanut Butter', 'Honey'],
            sizes: ['250 g', '500 g', '1 kg'],
            brands: ["Kellogg's", 'Quaker', 'Pran', 'Ahmed', 'Nutella', 'Safe Honey'],
            price: [120, 900],
          },
        ],
      },
    ],
  },
  {
    title: 'Home Care',
    food: false,
    mids: [
      {
        title: 'Cleaning',
        leaves: [
          {
            title: 'Floor & Toilet Cleaner',
            items: ['Floor Cleaner', 'Toilet Cleaner', 'Glass Cleaner', 'Disinfectant'],
            sizes: ['500 ml', '1 litre', '2 litre'],
            brands: ['Harpic', 'Lizol', 'ACI', 'Savlon', 'Mr. Brasso', 'Godrej'],
            price: [80, 450],
          },
          {
            title: 'Dishwashing',
            items: ['Dishwashing Liquid', 'Dishwashing Bar', 'Scrubber'],
            sizes: ['250 ml', '500 ml', '1 litre', '1 pc'],
            brands: ['Vim', 'Trust', 'Chaka', 'Keya', 'Pran'],
            price: [20, 300],
          },
        ],
      },
      {
        title: 'Laundry',
        leaves: [
          {
            title: 'Detergent',
            items: ['Washing Powder', 'Liquid Detergent', 'Laundry Soap'],
            sizes: ['500 g', '1 kg', '2 kg', '5 kg'],
            brands: ['Wheel', 'Surf Excel', 'Rin', 'Jet', 'Chaka', 'Keya', 'Tide', 'Ariel'],
            price: [50, 1300],
          },
          {
            title: 'Fabric Care',
            items: ['Fabric Conditioner', 'Fabric Whitener', 'Starch'],
            sizes: ['200 ml', '500 ml', '1 litre'],
            brands: ['Comfort', 'Robin', 'Kiwi', 'Chaka'],
            price: [60, 500],
          },
        ],
      },
    ],
  },
  {
    title: 'Personal Care',
    food: false,
    mids: [
      {
        title: 'Bath & Hair',
        leaves: [
          {
            title: 'Soap',
            items: ['Beauty Soap', 'Antibacterial Soap', 'Glycerin Soap', 'Hand Wash'],
            sizes: ['75 g', '100 g', '150 g', '250 ml'],
            brands: ['Lux', 'Lifebuoy', 'Dettol', 'Savlon', 'Keya', 'Tibet', 'Meril', 'Dove'],
            price: [30, 280],
          },
          {
            title: 'Shampoo',
            items: ['Shampoo', 'Anti Dandruff Shampoo', 'Conditioner', 'Hair Oil', 'Coconut Oil'],
            sizes: ML,
            brands: ['Sunsilk', 'Clear', 'Head & Shoulders', 'Parachute', 'Dove', 'Pantene', 'Meril'],
            price: [40, 900],
          },
        ],
      },
      {
        title: 'Oral & Skin Care',
        leaves: [
          {
            title: 'Oral Care',
            items: ['Toothpaste', 'Toothbrush', 'Mouthwash', 'Herbal Toothpaste'],
            sizes: ['45 g', '100 g', '200 g', '1 pc'],
            brands: ['Pepsodent', 'Closeup', 'Colgate', 'Sensodyne', 'Dabur', 'Meril'],
            price: [30, 450],
          },
          {
            title: 'Skin Care',
            items: ['Body Lotion', 'Face Wash', 'Petroleum Jelly', 'Face Cream', 'Lip Balm'],
            sizes: ML,
            brands: ['Nivea', 'Ponds', 'Vaseline', 'Meril', 'Himalaya', 'Garnier', 'Tibet'],
            price: [50, 950],
          },
        ],
      },
    ],
  },
  {
    title: 'Baby Care',
    food: false,
    mids: [
      {
        title: 'Baby Essentials',
        leaves: [
          {
            title: 'Diapers & Wipes',
            items: ['Baby Diaper', 'Pant Diaper', 'Baby Wipes'],
            sizes: ['S 10 pcs', 'M 40 pcs', 'L 50 pcs', 'XL 36 pcs'],
            brands: ['Pampers', 'Huggies', 'Supermom', 'Molfix', 'Savlon Twinkle'],
            price: [120, 2200],
          },
          {
            title: 'Baby Food',
            items: ['Baby Formula', 'Baby Cereal', 'Baby Rice'],
            sizes: ['180 g', '350 g', '400 g'],
            brands: ['Nestle', 'Lactogen', 'Cerelac', 'Nido', 'Dano'],
            price: [300, 1900],
          },
        ],
      },
    ],
  },
];

const VARIANTS = [
  'Premium',
  'Classic',
  'Gold',
  'Special',
  'Family Pack',
  'Super',
  'Select',
  'Extra',
  'Original',
  'Deluxe',
  'Natural',
  'Royal',
  'Lite',
  'Fresh',
  'Organic',
  'Golden',
  'Diamond',
  'Silver',
  'Eco',
  'Plus',
  'Max',
  'Pure',
  'Regular',
  'Value Pack',
];

const DESCRIPTIONS = [
  'Packed fresh. Store in a cool, dry place.',
  'Quality checked before delivery.',
  'Best before the date on the pack.',
  'Sourced from trusted suppliers in Bangladesh.',
  '',
];

// ---------------------------------------------------------------------------------------------------
// Bangla names: the same catalogue as a Bangladeshi shop writes it in Bangla (brands spelled out in
// Bangla script, the usual Bangla word for an item where there is one, sizes with Bengali digits).

/** Brands and farms, in Bangla script. */
const BN_BRANDS: Record<string, string> = {
  'Local Farm': 'লোকাল ফার্ম',
  Chashi: 'চাষী',
  'Fresh Harvest': 'ফ্রেশ হারভেস্ট',
  'Green Valley': 'গ্রিন ভ্যালি',
  'Krishi Bazar': 'কৃষি বাজার',
  'Organic Garden': 'অর্গানিক গার্ডেন',
  'Kazi Farms': 'কাজী ফার্মস',
  Aftab: 'আফতাব',
  Paragon: 'প্যারাগন',
  CP: 'সিপি',
  'Bengal Meat': 'বেঙ্গল মিট',
  'Meat Bazar': 'মিট বাজার',
  'Fresh Meat': 'ফ্রেশ মিট',
  'Deshi Fish': 'দেশি ফিশ',
  'Padma Fish': 'পদ্মা ফিশ',
  'Sea Catch': 'সি ক্যাচ',
  'Meghna Fish': 'মেঘনা ফিশ',
  Pran: 'প্রাণ',
  ACI: 'এসিআই',
  Teer: 'তীর',
  Fresh: 'ফ্রেশ',
  Rupchanda: 'রূপচাঁদা',
  Aarong: 'আড়ং',
  Ispahani: 'ইস্পাহানি',
  Bashundhara: 'বসুন্ধরা',
  Ifad: 'ইফাদ',
  Radhuni: 'রাঁধুনী',
  Pusti: 'পুষ্টি',
  Kings: 'কিংস',
  Sena: 'সেনা',
  'Milk Vita': 'মিল্ক ভিটা',
  Igloo: 'ইগলু',
  'BD Food': 'বিডি ফুড',
  Arku: 'আরকু',
  Square: 'স্কয়ার',
  Molla: 'মোল্লা',
  Confidence: 'কনফিডেন্স',
  Deshbondhu: 'দেশবন্ধু',
  Seylon: 'সিলন',
  Tetley: 'টেটলি',
  Taaza: 'তাজা',
  Finlay: 'ফিনলে',
  'Kazi & Kazi': 'কাজী অ্যান্ড কাজী',
  Lipton: 'লিপটন',
  Nescafe: 'নেসক্যাফে',
  Davidoff: 'ডেভিডফ',
  Bru: 'ব্রু',
  'Cafe Rio': 'ক্যাফে রিও',
  'Coffee World': 'কফি ওয়ার্ল্ড',
  Shezan: 'শেজান',
  Frutika: 'ফ্রুটিকা',
  Ceres: 'সেরেস',
  Danish: 'ড্যানিশ',
  Acme: 'একমি',
  Akij: 'আকিজ',
  'Coca-Cola': 'কোকা-কোলা',
  Pepsi: 'পেপসি',
  Mojo: 'মোজো',
  Speed: 'স্পিড',
  Clemon: 'ক্লেমন',
  Sprite: 'স্প্রাইট',
  Fanta: 'ফান্টা',
  RC: 'আরসি',
  Mum: 'মাম',
  Kinley: 'কিনলে',
  Aquafina: 'অ্যাকুয়াফিনা',
  Spa: 'স্পা',
  Jibon: 'জীবন',
  Olympic: 'অলিম্পিক',
  Haque: 'হক',
  'Bisk Club': 'বিস্ক ক্লাব',
  Nabisco: 'নাবিস্কো',
  Romania: 'রোমানিয়া',
  Kishwan: 'কিশোয়ান',
  Cooper: 'কুপার',
  'Well Food': 'ওয়েল ফুড',
  'Bombay Sweets': 'বোম্বে সুইটস',
  Maggi: 'ম্যাগি',
  'Mr. Noodles': 'মিস্টার নুডলস',
  Cocola: 'কোকোলা',
  Knorr: 'নর',
  Doodles: 'ডুডলস',
  'Mr. Twist': 'মিস্টার টুইস্ট',
  'Sun Chips': 'সান চিপস',
  'Farm Fresh': 'ফার্ম ফ্রেশ',
  Dano: 'ড্যানো',
  Marks: 'মার্কস',
  Diploma: 'ডিপ্লোমা',
  "Kellogg's": 'কেলগস',
  Quaker: 'কোয়েকার',
  Ahmed: 'আহমেদ',
  Nutella: 'নিউটেলা',
  'Safe Honey': 'সেফ হানি',
  Harpic: 'হারপিক',
  Lizol: 'লাইজল',
  Savlon: 'স্যাভলন',
  'Mr. Brasso': 'মিস্টার ব্রাসো',
  Godrej: 'গোদরেজ',
  Vim: 'ভিম',
  Trust: 'ট্রাস্ট',
  Chaka: 'চাকা',
  Keya: 'কেয়া',
  Wheel: 'হুইল',
  'Surf Excel': 'সার্ফ এক্সেল',
  Rin: 'রিন',
  Jet: 'জেট',
  Tide: 'টাইড',
  Ariel: 'এরিয়েল',
  Comfort: 'কমফোর্ট',
  Robin: 'রবিন',
  Kiwi: 'কিউই',
  Lux: 'লাক্স',
  Lifebuoy: 'লাইফবয়',
  Dettol: 'ডেটল',
  Tibet: 'তিব্বত',
  Meril: 'মেরিল',
  Dove: 'ডাভ',
  Sunsilk: 'সানসিল্ক',
  Clear: 'ক্লিয়ার',
  'Head & Shoulders': 'হেড অ্যান্ড শোল্ডারস',
  Parachute: 'প্যারাসুট',
  Pantene: 'প্যানটিন',
  Pepsodent: 'পেপসোডেন্ট',
  Closeup: 'ক্লোজআপ',
  Colgate: 'কোলগেট',
  Sensodyne: 'সেনসোডাইন',
  Dabur: 'ডাবর',
  Nivea: 'নিভিয়া',
  Ponds: 'পন্ডস',
  Vaseline: 'ভ্যাসলিন',
  Himalaya: 'হিমালয়া',
  Garnier: 'গার্নিয়ার',
  Pampers: 'প্যাম্পার্স',
  Huggies: 'হাগিস',
  Supermom: 'সুপারমম',
  Molfix: 'মলফিক্স',
  'Savlon Twinkle': 'স্যাভলন টুইংকেল',
  Nestle: 'নেসলে',
  Lactogen: 'ল্যাকটোজেন',
  Cerelac: 'সেরেলাক',
  Nido: 'নিডো',
};

const BN_VARIANTS: Record<string, string> = {
  Premium: 'প্রিমিয়াম',
  Classic: 'ক্লাসিক',
  Gold: 'গোল্ড',
  Special: 'স্পেশাল',
  'Family Pack': 'ফ্যামিলি প্যাক',
  Super: 'সুপার',
  Select: 'সিলেক্ট',
  Extra: 'এক্সট্রা',
  Original: 'অরিজিনাল',
  Deluxe: 'ডিলাক্স',
  Natural: 'ন্যাচারাল',
  Royal: 'রয়্যাল',
  Lite: 'লাইট',
  Fresh: 'ফ্রেশ',
  Organic: 'অর্গানিক',
  Golden: 'গোল্ডেন',
  Diamond: 'ডায়মন্ড',
  Silver: 'সিলভার',
  Eco: 'ইকো',
  Plus: 'প্লাস',
  Max: 'ম্যাক্স',
  Pure: 'খাঁটি',
  Regular: 'রেগুলার',
  'Value Pack': 'ভ্যালু প্যাক',
};

/** Items: the Bangla word where the shop has one (চাল, ডাল, তেল …), else the English one in Bangla. */
const BN_ITEMS: Record<string, string> = {
  Banana: 'কলা',
  Mango: 'আম',
  Guava: 'পেয়ারা',
  Papaya: 'পেঁপে',
  Apple: 'আপেল',
  Orange: 'কমলা',
  Pineapple: 'আনারস',
  Litchi: 'লিচু',
  Grapes: 'আঙুর',
  Potato: 'আলু',
  Onion: 'পেঁয়াজ',
  Tomato: 'টমেটো',
  Cauliflower: 'ফুলকপি',
  Cabbage: 'বাঁধাকপি',
  Brinjal: 'বেগুন',
  'Green Chili': 'কাঁচা মরিচ',
  Carrot: 'গাজর',
  'Bottle Gourd': 'লাউ',
  Pumpkin: 'মিষ্টি কুমড়া',
  Spinach: 'পালং শাক',
  'Red Amaranth': 'লাল শাক',
  Cucumber: 'শসা',
  'Bitter Gourd': 'করলা',
  'Pointed Gourd': 'পটল',
  Ginger: 'আদা',
  Garlic: 'রসুন',
  Lemon: 'লেবু',
  'Broiler Chicken': 'ব্রয়লার মুরগি',
  'Chicken Breast': 'মুরগির বুকের মাংস',
  'Chicken Drumstick': 'মুরগির রান',
  'Deshi Chicken': 'দেশি মুরগি',
  'Chicken Wings': 'মুরগির পাখনা',
  'Beef Bone In': 'গরুর মাংস হাড়সহ',
  'Boneless Beef': 'হাড় ছাড়া গরুর মাংস',
  Mutton: 'খাসির মাংস',
  'Beef Keema': 'গরুর কিমা',
  'Beef Liver': 'গরুর কলিজা',
  'Rui Fish': 'রুই মাছ',
  'Hilsa Fish': 'ইলিশ মাছ',
  'Pangas Fish': 'পাঙ্গাস মাছ',
  Tilapia: 'তেলাপিয়া মাছ',
  Prawn: 'চিংড়ি মাছ',
  'Pabda Fish': 'পাবদা মাছ',
  'Katla Fish': 'কাতলা মাছ',
  'Miniket Rice': 'মিনিকেট চাল',
  'Nazirshail Rice': 'নাজিরশাইল চাল',
  'Basmati Rice': 'বাসমতি চাল',
  'Chinigura Rice': 'চিনিগুঁড়া চাল',
  'Atop Rice': 'আতপ চাল',
  Atta: 'আটা',
  Maida: 'ময়দা',
  Suji: 'সুজি',
  Besan: 'বেসন',
  'Rice Flour': 'চালের গুঁড়া',
  'Corn Flour': 'কর্ন ফ্লাওয়ার',
  'Puffed Rice': 'মুড়ি',
  'Flattened Rice': 'চিড়া',
  'Masoor Dal': 'মসুর ডাল',
  'Moog Dal': 'মুগ ডাল',
  'Chola Boot': 'ছোলা বুট',
  'Khesari Dal': 'খেসারি ডাল',
  'Mashkalai Dal': 'মাষকলাই ডাল',
  'Anchor Dal': 'অ্যাংকর ডাল',
  'Soybean Oil': 'সয়াবিন তেল',
  'Mustard Oil': 'সরিষার তেল',
  'Rice Bran Oil': 'রাইস ব্র্যান তেল',
  'Sunflower Oil': 'সূর্যমুখী তেল',
  'Olive Oil': 'জলপাই তেল',
  'Palm Oil': 'পাম তেল',
  'Pure Ghee': 'খাঁটি ঘি',
  'Butter Oil': 'বাটার অয়েল',
  'Cow Ghee': 'গাওয়া ঘি',
  'Turmeric Powder': 'হলুদ গুঁড়া',
  'Chili Powder': 'মরিচ গুঁড়া',
  'Coriander Powder': 'ধনিয়া গুঁড়া',
  'Cumin Powder': 'জিরা গুঁড়া',
  'Garam Masala': 'গরম মসলা',
  'Beef Masala': 'গরুর মাংসের মসলা',
  'Chicken Masala': 'মুরগির মাংসের মসলা',
  'Biryani Masala': 'বিরিয়ানি মসলা',
  'Iodized Salt': 'আয়োডিনযুক্ত লবণ',
  'White Sugar': 'সাদা চিনি',
  'Brown Sugar': 'লাল চিনি',
  'Rock Salt': 'বিট লবণ',
  'Sugar Cubes': 'চিনির কিউব',
  'Date Molasses': 'খেজুর গুড়',
  'Black Tea': 'কালো চা',
  'Green Tea': 'গ্রিন টি',
  'Tea Bags': 'টি ব্যাগ',
  'Masala Tea': 'মসলা চা',
  'Lemon Tea': 'লেবু চা',
  'Instant Coffee': 'ইনস্ট্যান্ট কফি',
  'Classic Coffee': 'ক্লাসিক কফি',
  'Coffee Mix': 'কফি মিক্স',
  'Ground Coffee': 'গ্রাউন্ড কফি',
  'Mango Juice': 'আমের জুস',
  'Orange Juice': 'কমলার জুস',
  'Litchi Drink': 'লিচু ড্রিংক',
  'Apple Juice': 'আপেলের জুস',
  'Guava Juice': 'পেয়ারার জুস',
  'Mixed Fruit': 'মিক্সড ফ্রুট',
  Cola: 'কোলা',
  'Lemon Soda': 'লেমন সোডা',
  'Orange Soda': 'অরেঞ্জ সোডা',
  'Energy Drink': 'এনার্জি ড্রিংক',
  'Clear Lemon': 'ক্লিয়ার লেমন',
  'Drinking Water': 'খাবার পানি',
  'Mineral Water': 'মিনারেল ওয়াটার',
  'Soda Water': 'সোডা ওয়াটার',
  'Cream Biscuit': 'ক্রিম বিস্কুট',
  'Butter Cookies': 'বাটার কুকিজ',
  'Digestive Biscuit': 'ডাইজেস্টিভ বিস্কুট',
  'Salted Cracker': 'নোনতা বিস্কুট',
  'Chocolate Cookies': 'চকলেট কুকিজ',
  'Toast Biscuit': 'টোস্ট বিস্কুট',
  'Fruit Cake': 'ফ্রুট কেক',
  'Sponge Cake': 'স্পঞ্জ কেক',
  'Chocolate Cake': 'চকলেট কেক',
  'Pound Cake': 'পাউন্ড কেক',
  'Cup Cake': 'কাপ কেক',
  'Instant Noodles': 'ইনস্ট্যান্ট নুডলস',
  'Chicken Noodles': 'চিকেন নুডলস',
  'Masala Noodles': 'মসলা নুডলস',
  'Cup Noodles': 'কাপ নুডলস',
  'Hakka Noodles': 'হাক্কা নুডলস',
  'Potato Chips': 'আলুর চিপস',
  Chanachur: 'চানাচুর',
  'Corn Chips': 'কর্ন চিপস',
  'Dal Bhaji': 'ডালভাজা',
  'Jhal Muri': 'ঝালমুড়ি',
  'Potato Crackers': 'পটেটো ক্র্যাকার্স',
  'Liquid Milk': 'তরল দুধ',
  'Full Cream Milk Powder': 'ফুল ক্রিম গুঁড়া দুধ',
  'Chocolate Milk': 'চকলেট দুধ',
  'Flavoured Milk': 'ফ্লেভারড দুধ',
  Yogurt: 'দই',
  'Farm Eggs': 'ফার্মের ডিম',
  'Deshi Eggs': 'দেশি ডিম',
  'Duck Eggs': 'হাঁসের ডিম',
  'Brown Eggs': 'লাল ডিম',
  'Corn Flakes': 'কর্ন ফ্লেক্স',
  Oats: 'ওটস',
  Muesli: 'মুসলি',
  'Mixed Fruit Jam': 'মিক্সড ফ্রুট জ্যাম',
  'Peanut Butter': 'পিনাট বাটার',
  Honey: 'মধু',
  'Floor Cleaner': 'ফ্লোর ক্লিনার',
  'Toilet Cleaner': 'টয়লেট ক্লিনার',
  'Glass Cleaner': 'গ্লাস ক্লিনার',
  Disinfectant: 'জীবাণুনাশক',
  'Dishwashing Liquid': 'ডিশওয়াশিং লিকুইড',
  'Dishwashing Bar': 'ডিশওয়াশিং বার',
  Scrubber: 'স্ক্রাবার',
  'Washing Powder': 'ডিটারজেন্ট পাউডার',
  'Liquid Detergent': 'লিকুইড ডিটারজেন্ট',
  'Laundry Soap': 'কাপড় কাচার সাবান',
  'Fabric Conditioner': 'ফ্যাব্রিক কন্ডিশনার',
  'Fabric Whitener': 'কাপড়ের নীল',
  Starch: 'মাড়',
  'Beauty Soap': 'বিউটি সাবান',
  'Antibacterial Soap': 'অ্যান্টিব্যাকটেরিয়াল সাবান',
  'Glycerin Soap': 'গ্লিসারিন সাবান',
  'Hand Wash': 'হ্যান্ড ওয়াশ',
  Shampoo: 'শ্যাম্পু',
  'Anti Dandruff Shampoo': 'খুশকিনাশক শ্যাম্পু',
  Conditioner: 'কন্ডিশনার',
  'Hair Oil': 'চুলের তেল',
  'Coconut Oil': 'নারকেল তেল',
  Toothpaste: 'টুথপেস্ট',
  Toothbrush: 'টুথব্রাশ',
  Mouthwash: 'মাউথওয়াশ',
  'Herbal Toothpaste': 'হারবাল টুথপেস্ট',
  'Body Lotion': 'বডি লোশন',
  'Face Wash': 'ফেস ওয়াশ',
  'Petroleum Jelly': 'পেট্রোলিয়াম জেলি',
  'Face Cream': 'ফেস ক্রিম',
  'Lip Balm': 'লিপ বাম',
  'Baby Diaper': 'বেবি ডায়াপার',
  'Pant Diaper': 'প্যান্ট ডায়াপার',
  'Baby Wipes': 'বেবি ওয়াইপস',
  'Baby Formula': 'শিশুখাদ্য ফর্মুলা',
  'Baby Cereal': 'বেবি সিরিয়াল',
  'Baby Rice': 'শিশুদের চাল',
};

const BN_UNITS: Record<string, string> = {
  g: 'গ্রাম',
  kg: 'কেজি',
  ml: 'মিলি',
  litre: 'লিটার',
  pc: 'পিস',
  pcs: 'পিস',
  dozen: 'ডজন',
  pack: 'প্যাক',
  S: 'ছোট',
  M: 'মাঝারি',
  L: 'বড়',
  XL: 'এক্সএল',
};

const bengaliDigits = (text: string) =>
  text.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + d.charCodeAt(0) - 48));

/** A size in Bangla: "500 g" → "৫০০ গ্রাম", "1.5 kg" → "১.৫ কেজি", "M 40 pcs" → "মাঝারি ৪০ পিস". */
export function banglaSize(size: string): string {
  return size
    .split(' ')
    .map((part) => BN_UNITS[part] ?? bengaliDigits(part))
    .join(' ');
}

/**
 * A product's Bangla title from the parts of its English one, in NFC as the app saves Bangla text
 * (য়, ড় and ঢ় are two code points in NFC). Throws on a word the lists lack, so none is left English.
 */
export function banglaTitle(brand: string, variant: string, item: string, size: string): string {
  const part = (list: Record<string, string>, key: string) => {
    const bn = list[key];
    if (bn === undefined) throw new Error(`no Bangla for "${key}"`);
    return bn;
  };
  return [
    part(BN_BRANDS, brand),
    variant ? part(BN_VARIANTS, variant) : '',
    part(BN_ITEMS, item),
    banglaSize(size),
  ]
    .filter(Boolean)
    .join(' ')
    .normalize('NFC');
}

/** Share of products with a Bangla title: most, as in a shop that names its catalogue in both. */
const BANGLA_SHARE = 0.97;

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: T[]): T => list[Math.floor(r() * list.length)] as T;

export type CatalogShape = {
  categories: number;
  levels: number;
  topCategories: Array<{ id: number; title: string }>;
  leaves: Array<{ id: number; leaf: Leaf; top: Top }>;
  brands: Map<string, number>;
};

/** Creates the category tree and the brands once (or reads them back when they are there). */
export async function ensureShape(client: pg.ClientBase): Promise<CatalogShape> {
  const existing = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM categories');
  if ((existing.rows[0]?.n ?? 0) === 0) {
    await client.query('BEGIN');
    for (const top of TREE) {
      const t = await client.query<{ id: number }>(
        'INSERT INTO categories (title, parent_id) VALUES ($1, NULL) RETURNING id',
        [top.title],
      );
      for (const mid of top.mids) {
        const m = await client.query<{ id: number }>(
          'INSERT INTO categories (title, parent_id) VALUES ($1, $2) RETURNING id',
          [mid.title, t.rows[0]?.id],
        );
        await client.query('INSERT INTO categories (title, parent_id) SELECT unnest($1::text[]), $2', [
          mid.leaves.map((l) => l.title),
          m.rows[0]?.id,
        ]);
      }
    }
    const names = [...new Set(TREE.flatMap((t) => t.mids.flatMap((m) => m.leaves.flatMap((l) => l.brands))))];
    await client.query(
      'INSERT INTO brands (title) SELECT unnest($1::text[]) ON CONFLICT (lower(title)) DO NOTHING',
      [names],
    );
    await client.query('COMMIT');
  }
  const cats = await client.query<{ id: number; title: string; parent_id: number | null }>(
    'SELECT id, title, parent_id FROM categories ORDER BY id',
  );
  const byTitle = new Map(cats.rows.map((c) => [c.title, c]));
  const leaves: CatalogShape['leaves'] = [];
  for (const top of TREE) {
    for (const mid of top.mids) {
      for (const leaf of mid.leaves) {
        const row = byTitle.get(leaf.title);
        if (!row) throw new Error(`category ${leaf.title} is missing`);
        leaves.push({ id: row.id, leaf, top });
      }
    }
  }
  const brandRows = await client.query<{ id: number; title: string }>('SELECT id, title FROM brands');
  return {
    categories: cats.rows.length,
    levels: 3,
    topCategories: cats.rows.filter((c) => c.parent_id === null).map((c) => ({ id: c.id, title: c.title })),
    leaves,
    brands: new Map(brandRows.rows.map((b) => [b.title, b.id])),
  };
}

export type Generated = { inserted: number; ms: number; offers: number; popular: number; groups: number };

/**
 * Inserts `count` products (plain SQL: `INSERT … SELECT FROM unnest(…)`, 5,000 rows a statement)
 * and links each to its leaf category (one in 20 to a second leaf as well). Titles are unique across
 * calls as long as the same `seen` set is passed. Barcodes and group ids come from the app's sequences
 * (reserved in one step), so products added later through the API do not collide with these.
 */
export async function insertProducts(
  client: pg.ClientBase,
  shape: CatalogShape,
  count: number,
  seed: number,
  seen: Set<string>,
): Promise<Generated> {
  const t0 = performance.now();
  const r = rng(seed);
  // The Bangla names draw from a stream of their own: the English catalogue of a seed stays as it was.
  const rBn = rng(seed ^ 0x5bd1e995);
  type Row = {
    title: string;
    attri: string;
    titleBn: string;
    attriBn: string;
    price: number;
    offprice: number | null;
    buyprice: number;
    qty: number;
    desc: string;
    tags: string;
    brandId: number;
    barcode: string;
    offer: boolean;
    popular: boolean;
    food: boolean;
    stockOut: boolean;
    group: number;
    leaf: number;
    extraLeaf: number | null;
  };
  const rows: Row[] = [];
  let group = 0;
  let misses = 0;
  while (rows.length < count) {
    const { id: leafId, leaf, top } = pick(r, shape.leaves);
    const brand = pick(r, leaf.brands);
    const variant = r() < 0.55 ? pick(r, VARIANTS) : '';
    const item = pick(r, leaf.items);
    const name = [brand, variant, item].filter(Boolean).join(' ');
    // One to three sizes of the same item: one variant group, as the back office saves variations.
    const sizes = leaf.sizes.filter(() => r() < 0.5);
    if (sizes.length === 0) sizes.push(pick(r, leaf.sizes));
    const fresh = sizes.filter((s) => !seen.has(`${name} ${s}`)).slice(0, count - rows.length);
    if (fresh.length === 0) {
      if (++misses > count * 20) throw new Error('the word lists cannot make that many distinct titles');
      continue;
    }
    group++;
    const base = leaf.price[0] + Math.floor(r() * (leaf.price[1] - leaf.price[0]));
    fresh.forEach((size, i) => {
      const title = `${name} ${size}`;
      seen.add(title);
      const named = rBn() < BANGLA_SHARE;
      const price = Math.round(base * (1 + i * 0.9));
      const offer = r() < 0.005;
      rows.push({
        title,
        attri: size,
        titleBn: named ? banglaTitle(brand, variant, item, size) : '',
        attriBn: named ? banglaSize(size).normalize('NFC') : '',
        price,
        offprice: offer ? Math.round(price * (0.85 + r() * 0.1)) : null,
        buyprice: Math.round(price * 0.82),
        qty: Math.floor(r() * 200),
        desc: pick(r, DESCRIPTIONS),
        tags: leaf.title.toLowerCase(),
        brandId: shape.brands.get(brand) ?? 0,
        barcode: '',
        offer,
        popular: r() < 0.005,
        food: top.food,
        stockOut: r() < 0.03,
        group,
        leaf: leafId,
        extraLeaf: r() < 0.05 ? pick(r, shape.leaves).id : null,
      });
    });
  }

  // Reserve barcode numbers and group ids: nextval gives the first, setval moves past the last.
  const reserve = async (seq: string, n: number) => {
    const res = await client.query<{ first: number }>(`SELECT nextval('${seq}')::int AS first`);
    const first = res.rows[0]?.first ?? 1;
    if (n > 1) await client.query(`SELECT setval('${seq}', $1)`, [first + n - 1]);
    return first;
  };
  const firstBarcode = await reserve('barcode_seq', rows.length);
  const firstGroup = await reserve('product_group_seq', group);
  rows.forEach((row, i) => (row.barcode = inStoreEan13(firstBarcode + i)));

  const BATCH = 5000;
  await client.query('BEGIN');
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    const col = <K extends keyof Row>(key: K) => batch.map((row) => row[key]);
    await client.query(
      `INSERT INTO products (group_id, title, attri, title_bn, attri_bn, price, offprice, buyprice, qty,
                             "desc", tags, brand_id, image, barcode, offer, popular, food, stock_out)
       SELECT g + $18::int - 1, t, a, tbn, abn, p, op, bp, q, d, tg, b, NULL, bc, o, pop, f, so
       FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::numeric[],
                   $8::text[], $9::text[], $10::int[], $11::text[], $12::bool[], $13::bool[], $14::bool[],
                   $15::bool[], $16::text[], $17::text[])
            AS u(g, t, a, p, op, bp, q, d, tg, b, bc, o, pop, f, so, tbn, abn)`,
      [
        col('group'),
        col('title'),
        col('attri'),
        col('price'),
        col('offprice'),
        col('buyprice'),
        col('qty'),
        col('desc'),
        col('tags'),
        col('brandId'),
        col('barcode'),
        col('offer'),
        col('popular'),
        col('food'),
        col('stockOut'),
        col('titleBn'),
        col('attriBn'),
        firstGroup,
      ],
    );
    const links = batch.flatMap((row) => [
      [row.barcode, row.leaf] as const,
      ...(row.extraLeaf !== null && row.extraLeaf !== row.leaf
        ? [[row.barcode, row.extraLeaf] as const]
        : []),
    ]);
    await client.query(
      `INSERT INTO product_categories (product_id, category_id)
       SELECT p.id, u.c FROM unnest($1::text[], $2::int[]) AS u(b, c) JOIN products p ON p.barcode = u.b`,
      [links.map((l) => l[0]), links.map((l) => l[1])],
    );
  }
  await client.query('COMMIT');
  return {
    inserted: rows.length,
    ms: Math.round(performance.now() - t0),
    offers: rows.filter((row) => row.offer).length,
    popular: rows.filter((row) => row.popular).length,
    groups: group,
  };
}

export type PluProduct = { id: number; plu: string; price: number; offprice: number | null };

/**
 * Gives `count` products spread evenly over the catalogue (every n-th by id) a scale item code,
 * 10001 upwards, and makes them sold by the kg: the loose goods a shop weighs. Returns them with the
 * price the till charges, to make labels of.
 */
export async function assignPlus(client: pg.ClientBase, count: number): Promise<PluProduct[]> {
  const total = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  const step = Math.max(1, Math.floor((total.rows[0]?.n ?? 0) / count));
  const res = await client.query<PluProduct>(
    `WITH picked AS (
       SELECT id, row_number() OVER (ORDER BY id) AS n
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM products) all_products
       WHERE k % $2 = 0 ORDER BY id LIMIT $1)
     UPDATE products p SET plu = (10000 + picked.n)::text, unit = 'kg'
     FROM picked WHERE p.id = picked.id
     RETURNING p.id, p.plu, p.price, p.offprice`,
    [count, step],
  );
  return res.rows;
}

// ---------------------------------------------------------------------------------------------------
// Search texts

/** Texts in English (as before Bangla titles), in Bangla, and phrases of both ("miniket চাল"). */
export const ENGLISH_KINDS = ['word', 'prefix', 'phrase', 'typo', 'phrase-typo'] as const;
export const BANGLA_KINDS = ['bn-word', 'bn-prefix', 'bn-phrase', 'bn-typo', 'bn-phrase-typo'] as const;
export type SearchKind = (typeof ENGLISH_KINDS)[number] | (typeof BANGLA_KINDS)[number] | 'mixed';
/**
 * A search text, and what it should find: for a typo, the word or phrase it was meant to be (in the
 * title of its language); for a mixed phrase, its own words (in the two titles together). A
 * Bangla typo says which slip made it.
 */
export type SearchText = { text: string; kind: SearchKind; meant?: string; slip?: BanglaSlip };

const NEIGHBOURS: Record<string, string> = {
  a: 'qsz',
  b: 'vgn',
  c: 'xvd',
  d: 'sfe',
  e: 'wrd',
  f: 'dgr',
  g: 'fht',
  h: 'gjy',
  i: 'uok',
  j: 'hku',
  k: 'jli',
  l: 'kop',
  m: 'nj',
  n: 'bmh',
  o: 'ipl',
  p: 'ol',
  q: 'wa',
  r: 'etf',
  s: 'adw',
  t: 'ryg',
  u: 'yij',
  v: 'cbf',
  w: 'qes',
  x: 'zcs',
  y: 'tuh',
  z: 'xa',
};

/** One-typo variants of a word a shopper might type: a letter dropped, doubled, swapped or a neighbour key. */
function typos(word: string, r: () => number): string[] {
  const out = new Set<string>();
  for (let i = 1; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1)); // dropped
  for (let i = 1; i < word.length - 1; i++)
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)); // swapped
  for (let i = 1; i < word.length; i++) {
    const near = NEIGHBOURS[word[i] ?? ''] ?? '';
    if (near) out.add(word.slice(0, i) + pick(r, [...near]) + word.slice(i + 1)); // neighbour key
  }
  out.add(word.slice(0, 2) + word[1] + word.slice(2)); // doubled
  out.delete(word);
  return [...out].filter((t) => t.length >= 3);
}

function shuffle<T>(list: T[], r: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

// Bangla typos, as a shopper makes them on a Bangla keyboard (Avro phonetic, Bijoy), one slip each:
// a letter or vowel sign confused with its look- or sound-alike (ি/ী, ু/ূ, শ/স/ষ, ন/ণ, জ/য, য/য়,
// র/ড়, a consonant and its aspirated pair: its Shift key), one missing, an extra one (উ in চাউল for
// চাল, a letter doubled), or two swapped. A letter with a nukta (য়, ড়, ঢ়: two code points in NFC)
// is one key, so one slip; most slips are one edit of code points, those with a nukta two.
const BN_CONFUSED: Record<string, string[]> = {
  'ি': ['ী'],
  'ী': ['ি'],
  'ু': ['ূ'],
  'ূ': ['ু'],
  'ে': ['ৈ'],
  'ৈ': ['ে'],
  'ো': ['ৌ'],
  'ৌ': ['ো'],
  ই: ['ঈ'],
  ঈ: ['ই'],
  উ: ['ঊ'],
  ঊ: ['উ'],
  শ: ['স', 'ষ'],
  স: ['শ', 'ষ'],
  ষ: ['শ', 'স'],
  ন: ['ণ'],
  ণ: ['ন'],
  জ: ['য', 'ঝ'],
  য: ['জ', 'য়'],
  য়: ['য'],
  ঝ: ['জ'],
  র: ['ড়'],
  ড়: ['র'],
  ক: ['খ'],
  খ: ['ক'],
  গ: ['ঘ'],
  ঘ: ['গ'],
  চ: ['ছ'],
  ছ: ['চ'],
  ট: ['ঠ', 'ত'],
  ঠ: ['ট'],
  ড: ['ঢ', 'দ'],
  ঢ: ['ড'],
  ত: ['থ', 'ট'],
  থ: ['ত'],
  দ: ['ধ', 'ড'],
  ধ: ['দ'],
  প: ['ফ'],
  ফ: ['প'],
  ব: ['ভ'],
  ভ: ['ব'],
};
const BN_CONSONANT = /^[\u0995-\u09b9]\u09bc?$/u;
const BN_WORD = /^[\u0980-\u09e5\u09f0-\u09ff]+$/u; // Bangla script, no digits
const codePoints = (word: string) => [...word];
/** The keys a Bangla word is typed with: code points, a nukta with its letter (য় is one key). */
const keysOf = (word: string) => word.match(/.\u09bc?/gsu) ?? [];
/** Not a text a keyboard makes: a sign with no letter before it, or two signs (or a hasanta) in a row. */
const untypeable = (t: string) =>
  /^\p{M}/u.test(t) ||
  /[\u09be-\u09cc\u09d7\u09cd][\u09be-\u09cc\u09d7\u09cd]/u.test(t) ||
  /[\u0985-\u0994][\u09be-\u09cc\u09cd]/u.test(t);

export type BanglaSlip = 'missing' | 'swapped' | 'confused' | 'extra';

/** One-slip variants of a Bangla word (NFC, as the titles), each at least three code points, by slip. */
function banglaTypos(word: string, r: () => number): Map<string, BanglaSlip> {
  const keys = keysOf(word);
  const out = new Map<string, BanglaSlip>();
  const add = (list: string[], slip: BanglaSlip) => {
    const t = list.join('').normalize('NFC');
    if (t !== word && !out.has(t) && codePoints(t).length >= 3 && !untypeable(t)) out.set(t, slip);
  };
  for (let i = 1; i < keys.length; i++) add(keys.toSpliced(i, 1), 'missing');
  for (let i = 1; i < keys.length - 1; i++)
    add(keys.toSpliced(i, 2, keys[i + 1] ?? '', keys[i] ?? ''), 'swapped');
  for (let i = 0; i < keys.length; i++) {
    const near = BN_CONFUSED[keys[i] ?? ''];
    if (near) add(keys.toSpliced(i, 1, pick(r, near)), 'confused');
  }
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] === 'া') add(keys.toSpliced(i, 0, 'উ'), 'extra'); // চাউল
  const doubled = keys.findIndex((k, i) => i >= 1 && BN_CONSONANT.test(k));
  if (doubled >= 1) add(keys.toSpliced(doubled, 0, keys[doubled] ?? ''), 'extra');
  return out;
}

/** A product's title and Bangla names as the database holds them. */
export type TitledProduct = { title: string; title_bn: string; attri_bn: string };

/**
 * Distinct search texts drawn from the products' titles (lower case, as the route searches them),
 * in a mixed order: in English a word, a prefix, two phrases, two typos, a phrase with a typo; the
 * same in Bangla; a phrase of an English word and a Bangla one; and again, until a kind runs out.
 * Given English titles only, the English texts alone, the same as before Bangla titles.
 */
export function searchTexts(titled: ReadonlyArray<string | TitledProduct>, seed: number): SearchText[] {
  // English titles alone (bench/catalog.ts): the English texts, as before there were Bangla titles.
  const products = titled.map((p) => (typeof p === 'string' ? { title: p, title_bn: '', attri_bn: '' } : p));
  const r = rng(seed);
  const words = new Set<string>();
  const phrases = new Set<string>();
  for (const { title } of products) {
    const tokens = title.toLowerCase().split(/\s+/);
    tokens.forEach((t, i) => {
      if (/^[a-z]{3,}$/.test(t)) words.add(t);
      const next = tokens[i + 1];
      if (next && /^[a-z]{3,}$/.test(t) && /^[a-z]{3,}$/.test(next)) phrases.add(`${t} ${next}`);
    });
  }
  const wordList = [...words];
  // What each typo text was meant to be (the first word or phrase it was made from).
  const meant = new Map<string, string>();
  const variantsOf = (source: string, variants: string[]) => {
    for (const v of variants) if (!meant.has(v)) meant.set(v, source);
    return variants;
  };
  // The slip that made each Bangla typo text (the first).
  const slips = new Map<string, BanglaSlip>();
  const slipped = (text: string, slip: BanglaSlip) => {
    if (!slips.has(text)) slips.set(text, slip);
    return text;
  };
  const english: Record<(typeof ENGLISH_KINDS)[number], string[]> = {
    word: shuffle([...wordList], r),
    prefix: shuffle(
      wordList.filter((w) => w.length >= 6).map((w) => w.slice(0, 3 + Math.floor(r() * (w.length - 4)))),
      r,
    ),
    phrase: shuffle([...phrases], r),
    typo: shuffle(
      wordList.filter((w) => w.length >= 4).flatMap((w) => variantsOf(w, typos(w, r))),
      r,
    ),
    'phrase-typo': shuffle(
      [...phrases].flatMap((p) => {
        const [a = '', b = ''] = p.split(' ');
        const variants = [
          ...typos(a, r)
            .slice(0, 2)
            .map((t) => `${t} ${b}`),
          ...typos(b, r)
            .slice(0, 2)
            .map((t) => `${a} ${t}`),
        ];
        return variantsOf(p, variants);
      }),
      r,
    ),
  };

  // Bangla, from a stream of its own (the English texts of a seed stay as they were). A word is
  // counted in code points (মিনিকেট is 7): at least 3 for a word, 2 in a phrase (চা, দই).
  const rb = rng(seed ^ 0x2545f491);
  const bnWords = new Set<string>();
  const bnPhrases = new Set<string>();
  const mixed = new Set<string>();
  for (const { title, title_bn, attri_bn } of products) {
    if (!title_bn) continue;
    // The name without its size (the size's words are Bangla too: গ্রাম, কেজি).
    const name =
      attri_bn && title_bn.endsWith(` ${attri_bn}`) ? title_bn.slice(0, -attri_bn.length - 1) : title_bn;
    const tokens = name.split(/\s+/);
    const isWord = (t: string | undefined, min: number): t is string =>
      t !== undefined && BN_WORD.test(t) && codePoints(t).length >= min;
    tokens.forEach((t, i) => {
      if (isWord(t, 3)) bnWords.add(t);
      const next = tokens[i + 1];
      if (isWord(t, 2) && isWord(next, 2)) bnPhrases.add(`${t} ${next}`);
    });
    // An English word of the title with the Bangla noun of the item: "miniket চাল", "teer তেল".
    const noun = tokens.at(-1);
    const en = title
      .toLowerCase()
      .split(/\s+/)
      .filter((t) => /^[a-z]{3,}$/.test(t));
    if (isWord(noun, 2) && en.length) mixed.add(`${pick(rb, en)} ${noun}`);
  }
  const bnWordList = [...bnWords];
  const bangla: Record<(typeof BANGLA_KINDS)[number] | 'mixed', string[]> = {
    'bn-word': shuffle([...bnWordList], rb),
    'bn-prefix': shuffle(
      bnWordList
        .filter((w) => keysOf(w).length >= 5)
        .map((w) =>
          keysOf(w)
            .slice(0, 3 + Math.floor(rb() * (keysOf(w).length - 4)))
            .join(''),
        ),
      rb,
    ),
    'bn-phrase': shuffle([...bnPhrases], rb),
    'bn-typo': shuffle(
      bnWordList
        .filter((w) => codePoints(w).length >= 4)
        .flatMap((w) =>
          variantsOf(
            w,
            [...banglaTypos(w, rb)].map(([t, slip]) => slipped(t, slip)),
          ),
        ),
      rb,
    ),
    // Two typos of each word (of 3 code points or more), drawn from all the slips: চাউল for চাল.
    'bn-phrase-typo': shuffle(
      [...bnPhrases].flatMap((p) => {
        const [a = '', b = ''] = p.split(' ');
        const of = (w: string) =>
          codePoints(w).length >= 3 ? shuffle([...banglaTypos(w, rb)], rb).slice(0, 2) : [];
        return variantsOf(p, [
          ...of(a).map(([t, slip]) => slipped(`${t} ${b}`, slip)),
          ...of(b).map(([t, slip]) => slipped(`${a} ${t}`, slip)),
        ]);
      }),
      rb,
    ),
    mixed: shuffle([...mixed], rb),
  };
  const pools: Record<SearchKind, string[]> = { ...english, ...bangla };

  const order: SearchKind[] = [
    'word',
    'prefix',
    'phrase',
    'typo',
    'phrase',
    'typo',
    'phrase-typo',
    'bn-word',
    'bn-prefix',
    'bn-phrase',
    'bn-typo',
    'bn-phrase',
    'bn-typo',
    'bn-phrase-typo',
    'mixed',
  ];
  const seenText = new Set<string>();
  const out: SearchText[] = [];
  const at = Object.fromEntries(order.map((kind) => [kind, 0])) as Record<SearchKind, number>;
  for (let progress = true; progress;) {
    progress = false;
    for (const kind of order) {
      const pool = pools[kind];
      while (at[kind] < pool.length) {
        const text = pool[at[kind]++] ?? '';
        if (text.length < 3 || seenText.has(text)) continue;
        seenText.add(text);
        const typo =
          kind === 'typo' || kind === 'phrase-typo' || kind === 'bn-typo' || kind === 'bn-phrase-typo';
        const source = typo ? meant.get(text) : kind === 'mixed' ? text : undefined;
        const slip = kind === 'bn-typo' || kind === 'bn-phrase-typo' ? slips.get(text) : undefined;
        out.push({
          text,
          kind,
          ...(source === undefined ? {} : { meant: source }),
          ...(slip === undefined ? {} : { slip }),
        });
        progress = true;
        break;
      }
    }
  }
  return out;
}
