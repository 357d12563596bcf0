/**
 * The demo project's replicated catalogue (docs/replication.md, "The demo project"): the
 * customers and products every device holds (rows for 9999). The server seeds them into
 * gen_clientes and gen_productos; the simulator's devices start with the same local copy, as a
 * device provisioned with the project's database would.
 */

export interface DemoClient {
  id: string;
  nombre: string;
  ciudad: string;
  telefono: string;
  notas: string | null;
}

export interface DemoProduct {
  id: string;
  descripcion: string;
  precio: number;
  stock: number;
}

const BUSINESSES = [
  'Bar Casa Pepe',
  'Farmacia López',
  'Ferretería El Clavo',
  'Panadería La Espiga',
  'Supermercado Día a Día',
  'Frutas Hermanos Ruiz',
  'Cafetería Central',
  'Restaurante El Puerto',
  'Librería Cervantes',
  'Droguería Sol',
  'Carnicería Martín',
  'Pescadería La Lonja',
  'Estanco Plaza Mayor',
  'Hotel Mirador',
  'Kiosco Avenida',
  'Taller Mecánico Gómez',
  'Clínica Dental Sonrisa',
  'Gimnasio Forma',
  'Óptica Visión',
  'Floristería Azahar',
];
const CITIES = [
  'Madrid',
  'Barcelona',
  'Valencia',
  'Sevilla',
  'Zaragoza',
  'Málaga',
  'Bilbao',
  'Murcia',
];
const PREFIX: Record<string, string> = {
  Madrid: '91',
  Barcelona: '93',
  Valencia: '96',
  Sevilla: '95',
  Zaragoza: '976',
  Málaga: '952',
  Bilbao: '94',
  Murcia: '968',
};

/** 40 customers: C-0001 … C-0040. */
export const DEMO_CLIENTS: DemoClient[] = Array.from({ length: 40 }, (_, i) => {
  const ciudad = CITIES[(i * 3) % CITIES.length];
  const digits = String(1_000_000 + ((i * 7_919_351) % 9_000_000)).slice(
    0,
    9 - PREFIX[ciudad].length,
  );
  return {
    id: `C-${String(i + 1).padStart(4, '0')}`,
    nombre: `${BUSINESSES[i % BUSINESSES.length]}${i >= BUSINESSES.length ? ` (${ciudad})` : ''}`,
    ciudad,
    telefono: `${PREFIX[ciudad]}${digits}`,
    notas: i % 5 === 0 ? 'Entregar por la mañana' : null,
  };
});

const ARTICLES: [string, number][] = [
  ['Agua mineral 1,5 l (pack 6)', 2.95],
  ['Aceite de oliva virgen extra 1 l', 8.4],
  ['Café molido 250 g', 3.1],
  ['Leche entera 1 l (pack 6)', 5.7],
  ['Azúcar 1 kg', 1.25],
  ['Harina de trigo 1 kg', 0.95],
  ['Arroz redondo 1 kg', 1.6],
  ['Detergente líquido 3 l', 9.9],
  ['Papel higiénico (12 rollos)', 4.8],
  ['Refresco de cola 2 l', 1.85],
  ['Cerveza (pack 12)', 8.25],
  ['Vino tinto crianza 75 cl', 6.5],
  ['Galletas María 800 g', 2.2],
  ['Atún en aceite (pack 3)', 3.45],
  ['Tomate triturado 800 g', 1.05],
  ['Lejía 2 l', 1.3],
  ['Servilletas (pack 100)', 1.15],
  ['Bolsas de basura 30 l', 1.9],
  ['Zumo de naranja 1 l', 1.75],
  ['Pilas AA (pack 4)', 3.99],
];

/** 20 products: ART-100 … ART-119. */
export const DEMO_PRODUCTS: DemoProduct[] = ARTICLES.map(([descripcion, precio], i) => ({
  id: `ART-${100 + i}`,
  descripcion,
  precio,
  stock: 40 + ((i * 37) % 160),
}));
