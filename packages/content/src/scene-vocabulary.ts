/**
 * The closed vocabulary of the scene description language used in book.yaml. Story writers
 * compose pages from these names; the art library must draw every one of them.
 */

/** Canvas sizes in SVG user units. Pages are 16:10; covers are square. */
export const PAGE_CANVAS = { width: 1280, height: 800 } as const;
export const COVER_CANVAS = { width: 1000, height: 1000 } as const;
/** Where feet stand by default, as a fraction of the canvas height. */
export const GROUND_Y = 0.8;

export const BACKGROUNDS = {
  home_living: 'living room: sofa, window, bookshelf, rug',
  home_kitchen: 'kitchen: stove, fridge, table with chairs',
  home_bedroom: 'child bedroom: bed, window, toy shelf, lamp',
  classroom: 'classroom: blackboard, desks, window',
  school_yard: 'school playground: building, flag pole, running track',
  library: 'library / reading corner: tall shelves of books, cushions',
  park: 'city park: grass, trees, path, bench, pond in the distance',
  street: 'city street: apartment blocks, shops, pavement, trees',
  supermarket: 'supermarket: shelves of fruit and goods, trolley',
  farm: "grandparents' farm yard: farmhouse with tiled roof, fence, vegetable patch",
  field: 'countryside fields: rice/wheat rows, hills, small village far away',
  river: 'riverside: water, reeds, small bridge, stones',
  forest: 'forest: tall trees, bushes, mushrooms',
  mountain: 'mountain path: green peaks, pine trees, steps',
  beach: 'seaside: sand, waves, sky',
  zoo: 'zoo: fences, enclosure, sign posts, trees',
  garden: 'garden: flower beds, small tree, watering area',
  festival_street: 'Spring Festival street: red lanterns, couplets, decorations',
  night_sky:
    'outdoor at night: rooftops or hills under a big sky (moon and stars with time: night)',
} as const;

export const TIMES = ['day', 'evening', 'night'] as const;
export const WEATHERS = ['clear', 'rain', 'snow', 'wind', 'leaves'] as const;

/** The recurring family and friends (see content/characters.md). */
export const PEOPLE = {
  lele: 'Lele 乐乐, boy, 6, short black hair, orange T-shirt (the hero)',
  duoduo: 'Duoduo 朵朵, girl, 4, Lele’s little sister, two pigtails, pink dress',
  mom: 'Mom, black shoulder-length hair, green top',
  dad: 'Dad, short hair, glasses, blue shirt',
  grandma: 'Grandma 奶奶, grey hair in a bun, purple cardigan',
  grandpa: 'Grandpa 爷爷, bald with grey sides, beige jacket, kind smile',
  teacher: 'Miss Wang 王老师, long hair in a ponytail, yellow cardigan',
  xiaoyu: 'Xiaoyu 小雨, girl, 6, Lele’s classmate, bob haircut, red hairclip, teal dress',
  haohao: 'Haohao 浩浩, boy, 6, Lele’s classmate, round glasses, green hoodie',
} as const;

export const ANIMALS = {
  bobo: 'Bobo 波波, the family dog: small, cream with a brown ear patch',
  mimi: 'Mimi 咪咪, the family cat: grey tabby',
  bird: 'small songbird',
  duck: 'white duck',
  chick: 'yellow chick',
  hen: 'brown hen',
  cow: 'black and white cow',
  pig: 'pink pig',
  sheep: 'woolly sheep',
  rabbit: 'white rabbit',
  panda: 'giant panda',
  monkey: 'brown monkey',
  elephant: 'grey elephant',
  tiger: 'orange tiger',
  fish: 'orange fish',
  frog: 'green frog',
  butterfly: 'butterfly',
  bee: 'bee',
  horse: 'brown horse',
  squirrel: 'red squirrel',
  snail: 'snail',
} as const;

export type PersonId = keyof typeof PEOPLE;
export type AnimalId = keyof typeof ANIMALS;
export type CastId = PersonId | AnimalId;

export const PERSON_POSES = [
  'stand',
  'wave',
  'point',
  'walk',
  'run',
  'jump',
  'sit',
  'read',
  'eat',
  'sleep',
  'clap',
  'hold',
  'think',
  'hug',
] as const;
export const ANIMAL_POSES = ['stand', 'sit', 'run', 'sleep', 'fly', 'swim', 'eat'] as const;
export const MOODS = ['happy', 'excited', 'calm', 'surprised', 'sad', 'sleepy'] as const;

/** Props; those marked with colour take `color`. */
export const PROPS = {
  kite: 'diamond kite with a tail (color)',
  ball: 'ball (color)',
  balloon: 'balloon on a string (color)',
  book: 'picture book (color)',
  schoolbag: 'school backpack (color)',
  pencil: 'pencil',
  paintbrush: 'paint brush and paper',
  apple: 'apple',
  banana: 'banana',
  orange: 'orange (fruit)',
  watermelon: 'slice of watermelon',
  strawberry: 'strawberry',
  carrot: 'carrot',
  corn: 'corn cob',
  egg: 'egg',
  bread: 'bread loaf',
  milk: 'glass of milk',
  noodles: 'bowl of noodles',
  dumplings: 'plate of dumplings (jiaozi)',
  mooncake: 'mooncake',
  zongzi: 'zongzi (rice dumpling in leaves)',
  cake: 'birthday cake with candles',
  lantern: 'red paper lantern',
  red_envelope: 'red envelope (hongbao)',
  couplet: 'red spring couplet scroll',
  dragon_boat: 'small dragon boat',
  umbrella: 'umbrella (color)',
  raincoat: 'rain boots and puddle',
  flower: 'flower (color)',
  tree: 'standalone tree',
  leaf: 'autumn leaf',
  snowman: 'snowman',
  sandcastle: 'sandcastle with bucket',
  toy_car: 'toy car (color)',
  doll: 'doll',
  blocks: 'stack of toy blocks',
  bike: 'bicycle (color)',
  hat: 'sun hat (color)',
  gift: 'wrapped gift box (color)',
  cup: 'cup',
  clock: 'round clock',
  chair: 'chair',
  table: 'small table',
  plant_pot: 'potted plant',
  sun: 'sun (in the sky)',
  moon: 'crescent moon',
  star: 'star',
  cloud: 'cloud',
  rainbow: 'rainbow',
  heart: 'heart',
  bucket: 'bucket',
  seed: 'seeds and a sprout',
  bus: 'school bus',
  train: 'toy train',
} as const;
export type PropId = keyof typeof PROPS;

export const COLORS = [
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'white',
  'brown',
  'black',
] as const;
export const COLOR_HEX: Record<(typeof COLORS)[number], string> = {
  red: '#E84A4A',
  orange: '#FF8A3D',
  yellow: '#FFC23D',
  green: '#5CC86B',
  blue: '#3DB6E8',
  purple: '#7C6CF2',
  pink: '#F2609E',
  white: '#FFFFFF',
  brown: '#9A6A44',
  black: '#2D2A4A',
};

/**
 * What a child hears when tapping a figure or prop on a page (the book's interactive areas):
 * people by name, animals and props by their English word.
 */
const SPECIAL_WORDS: Record<string, string> = {
  lele: 'Lele',
  duoduo: 'Duoduo',
  mom: 'Mom',
  dad: 'Dad',
  grandma: 'Grandma',
  grandpa: 'Grandpa',
  teacher: 'Miss Wang',
  xiaoyu: 'Xiaoyu',
  haohao: 'Haohao',
  bobo: 'dog',
  mimi: 'cat',
  red_envelope: 'red envelope',
  plant_pot: 'plant',
  toy_car: 'toy car',
  raincoat: 'rain boots',
  seed: 'seeds',
  dragon_boat: 'dragon boat',
};

export function hotspotWord(id: string): string {
  return SPECIAL_WORDS[id] ?? id.replace(/_/g, ' ');
}
