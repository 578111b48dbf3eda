/** Part type → the learning player's Chinese part name (falls back to the type). */
export const PART_NAMES: Record<string, string> = {
  video: '故事视频',
  book_read: '绘本阅读',
  auto_reading: '自主阅读',
  listen_repeat: '听音跟读',
  repeat_self: '自主跟读',
  repeat_train_b: '跟读训练',
  production: '看图说话',
  open_question: '开放问答',
  look_picture: '看图选择',
  listen_train: '听力训练',
  subject_content: '主题知识',
  word_preview: '单词预习',
  word_match: '单词配对',
  word_spell: '单词拼写',
  word_vacancy: '单词填空',
  sentence_match: '句子配对',
  fill_blank: '选词填空',
  reading_comprehension: '阅读理解',
  image_classify: '图片分类',
  image_sort: '图片排序',
  sentence_spell: '连词成句',
};

/** An item's name for a parent or child: its part's name and its number in the part. */
export const itemName = (partType: string, id: string): string =>
  `${PART_NAMES[partType] ?? partType} ${id.split('.')[1] ?? ''}`.trim();
