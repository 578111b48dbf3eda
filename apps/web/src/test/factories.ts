import type { TConfigs, TUserInfo } from '@picbook/contracts';

/** A user info document with sensible defaults for component and store tests. */
export function buildUserInfo(overrides: Partial<TUserInfo> = {}): TUserInfo {
  return {
    id: 100001,
    is_guest: false,
    is_first_login: false,
    vip: 0,
    vip_expire_time: 0,
    vip_expire_duration: 0,
    reg_days: 1,
    level: 1,
    phone: '138****8000',
    done_courses: 0,
    learning_records: {
      sp_intensive: 0,
      sp_intensive_optional: 0,
      sp_extensive: 0,
      sp_extensive_optional: 0,
      lp_intensive: 0,
      lp_challenge: 0,
      exp_intensive: 0,
      exp_challenge: 0,
    },
    rights: [],
    coins: 0,
    credits: 0,
    diamonds: 0,
    paid: [],
    buy_info: {
      paid_count: 0,
      first_paid_time: null,
      last_paid_time: null,
      last_product_id: null,
      life_vip: 0,
    },
    children: [],
    nation_code: '86',
    has_password: false,
    bindings: [],
    guardian_consent: false,
    notifications: 0,
    geo: { province_id: null },
    ...overrides,
  };
}

const boy = [1, 2, 3, 4, 5, 6].map((n) => `/media/avatars/boy-${n}.svg`);
const girl = [1, 2, 3, 4, 5, 6].map((n) => `/media/avatars/girl-${n}.svg`);
const zodiac = Array.from({ length: 12 }, (_, i) => `/media/avatars/zodiac-${i + 1}.svg`);

/** Configs like the seeded ones (only the fields the web reads in tests need to be right). */
export function buildConfigs(overrides: Partial<TConfigs> = {}): TConfigs {
  return {
    levels: [1, 2, 3, 4, 5, 6].map((level) => ({
      level,
      band: level <= 2 ? 'beginner' : level <= 4 ? 'intermediate' : 'advanced',
      band_cn: level <= 2 ? '启蒙' : level <= 4 ? '进阶' : '提高',
      difficulty: { min: level * 100, max: level * 100 + 100, label: `${level}00L` },
      age: '3–5',
      description_cn: '描述',
      description_en: 'description',
      color: '#FF8A3D',
    })),
    cn_levels: [],
    regions: [
      { id: 214, name: '北京' },
      { id: 222, name: '上海' },
      { id: 232, name: '广东' },
    ],
    default_region: 214,
    book_categories: [],
    course_types: [],
    gray_options: {
      lottieDisabled: 0,
      spineDisabled: 0,
      kobEnabled: 0,
      kobDisabled: 0,
      kobDoneCoursesThreshold: 3,
      parentalGateDisabled: 0,
    },
    bgm: { library: '', learning: '', words: '', growth: '' },
    avatars: { boy, girl, zodiac },
    judge_speech: { enable_cloud: 0 },
    library_rewards: {
      item_coins: 3,
      item_credits: 3,
      finish_coins: 5,
      finish_credits: 5,
      share_coins: 2,
    },
    points_rules: { sign_in: [5, 5, 10, 10, 15, 15, 30], task_points: {} },
    study_plan_rewards: {
      course_max_coins: 3,
      course_diamonds_three_stars: 1,
      stage_coins: 5,
      stage_diamonds: 1,
      week_coins: 10,
      week_diamonds: 3,
    },
    ...overrides,
  };
}
