import '../app/locales';
import '../../../../scripts/test/console-guard';
